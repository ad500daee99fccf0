// SPDX-License-Identifier: Apache-2.0
// spgraph's exceptions (engine/core/error.hpp) as Python exceptions. Every class derives from
// spgraph.Error and from the built-in a Python user would catch:
//   ParseError(Error, ValueError) with .file and .line (0 when the input is not line-based),
//   IoError(Error, OSError), InvalidArgument / DimensionMismatch (Error, ValueError),
//   IndexOutOfBounds(Error, IndexError), OutOfMemory(Error, MemoryError),
//   BackendUnavailable and any other spgraph::Error: Error(Exception).
#include <Python.h>

#include "engine/core/error.hpp"
#include "python/src/common.hpp"

namespace spgraph::python {

namespace {

PyObject* g_error = nullptr;
PyObject* g_parse = nullptr;
PyObject* g_io = nullptr;
PyObject* g_invalid = nullptr;
PyObject* g_dimension = nullptr;
PyObject* g_index = nullptr;
PyObject* g_memory = nullptr;

/// Creates spgraph._spgraph.NAME with the given bases, adds it to the module, returns it.
PyObject* make_class(py::module_& m, const char* name, py::tuple bases, const char* doc) {
  const std::string full = std::string("spgraph.") + name;
  PyObject* cls = PyErr_NewExceptionWithDoc(full.c_str(), doc, bases.ptr(), nullptr);
  if (!cls) throw py::error_already_set();
  m.add_object(name, py::handle(cls));  // the module keeps a reference
  return cls;
}

void set_error(PyObject* cls, const std::exception& e) {
  PyErr_SetString(cls, e.what());
}

}  // namespace

void register_errors(py::module_& m) {
  py::handle exc(PyExc_Exception);
  g_error = make_class(m, "Error", py::make_tuple(exc), "Base of every error spgraph raises.");
  py::handle err(g_error);
  g_parse = make_class(m, "ParseError", py::make_tuple(err, py::handle(PyExc_ValueError)),
                       "Input could not be parsed; .file and .line (1-based, 0 when the input "
                       "is not line-based) say where.");
  g_io = make_class(m, "IoError", py::make_tuple(err, py::handle(PyExc_OSError)),
                    "A file could not be opened, read or written.");
  g_invalid = make_class(m, "InvalidArgument", py::make_tuple(err, py::handle(PyExc_ValueError)),
                         "An argument is not valid (unknown name, bad option, ...).");
  g_dimension =
      make_class(m, "DimensionMismatch", py::make_tuple(err, py::handle(PyExc_ValueError)),
                 "Operand shapes do not agree.");
  g_index = make_class(m, "IndexOutOfBounds", py::make_tuple(err, py::handle(PyExc_IndexError)),
                       "A vertex or index lies outside the graph.");
  g_memory = make_class(m, "OutOfMemory", py::make_tuple(err, py::handle(PyExc_MemoryError)),
                        "A result would not fit in memory (raised before allocating).");

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ParseError& e) {
      py::object cls = py::reinterpret_borrow<py::object>(g_parse);
      py::object value = cls(py::str(e.what()));
      value.attr("file") = py::str(e.file());
      value.attr("line") = py::int_(e.line());
      PyErr_SetObject(g_parse, value.ptr());
    } catch (const IoError& e) {
      set_error(g_io, e);
    } catch (const InvalidArgument& e) {
      set_error(g_invalid, e);
    } catch (const DimensionMismatch& e) {
      set_error(g_dimension, e);
    } catch (const IndexOutOfBounds& e) {
      set_error(g_index, e);
    } catch (const OutOfMemory& e) {
      set_error(g_memory, e);
    } catch (const Error& e) {
      set_error(g_error, e);
    }
  });
}

}  // namespace spgraph::python
