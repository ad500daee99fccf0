# SPDX-License-Identifier: Apache-2.0
# Tests of spgraph as users get it (the installed library, the Python module), run by ctest:
#   - python_tests: the Python module's pytest suite (python/tests), against networkx and scipy,
#     with the module from this build tree (only when SPGRAPH_PYTHON builds it), and the CLI of
#     this build (SPGRAPH_CLI) for the CLI-vs-Python model test (test_cli_model.py);
#   - python_snippets: every ```python block of README.md, python/README.md and docs/*.md
#     (scripts/check_python_snippets.py), with the module from this build tree;
#   - python_pip_install: scripts/check_pip_install.sh, `pip install --no-build-isolation ./python`
#     into a scratch virtual environment, offline, then the installed module imported and run
#     (label "install": it builds the module again, with this build's warning flags, so that
#     ccache, where installed, has every object);
#   - install_example: scripts/check_install.sh installs this build into a scratch prefix and
#     builds and runs examples/, the docs/api.md snippets and the README's program against it
#     (release builds only: a sanitizer build's libraries need the sanitizer runtime to link).
if(TARGET _spgraph)
  add_test(NAME python_tests
           COMMAND ${SPGRAPH_PYTHON_EXECUTABLE} -m pytest -q -p no:cacheprovider ${PROJECT_SOURCE_DIR}/python/tests)
  set_tests_properties(python_tests PROPERTIES LABELS "python"
                       ENVIRONMENT "PYTHONPATH=${PROJECT_BINARY_DIR}/python;PYTHONDONTWRITEBYTECODE=1;SPGRAPH_CLI=$<TARGET_FILE:spgraph_cli>"
                       TIMEOUT 600)
  add_test(NAME python_snippets
           COMMAND ${SPGRAPH_PYTHON_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/check_python_snippets.py)
  set_tests_properties(python_snippets PROPERTIES LABELS "python"
                       ENVIRONMENT "PYTHONPATH=${PROJECT_BINARY_DIR}/python;PYTHONDONTWRITEBYTECODE=1"
                       TIMEOUT 600)
  add_test(NAME python_pip_install
           COMMAND ${PROJECT_SOURCE_DIR}/scripts/check_pip_install.sh ${SPGRAPH_PYTHON_EXECUTABLE})
  # The same warning flags as this build, so that the module's and the libraries' compile
  # commands can match this build's and ccache (where installed) can reuse its objects (11 s
  # instead of 186 s on the 2-core VM; hits also need the same paths to the sources).
  set_tests_properties(python_pip_install PROPERTIES LABELS "install" TIMEOUT 900
                       ENVIRONMENT "SPGRAPH_CMAKE_ARGS=-DSPGRAPH_WERROR=${SPGRAPH_WERROR}")
endif()
if(SPGRAPH_SANITIZE STREQUAL "" AND NOT SPGRAPH_FUZZ AND CMAKE_BUILD_TYPE STREQUAL "Release")
  add_test(NAME install_example COMMAND ${PROJECT_SOURCE_DIR}/scripts/check_install.sh ${PROJECT_BINARY_DIR})
  set_tests_properties(install_example PROPERTIES LABELS "install" TIMEOUT 600)
endif()
