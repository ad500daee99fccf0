// SPDX-License-Identifier: Apache-2.0
// CusparseSpmv (cusparse_spmv.hpp) in a build without the CUDA backend: every constructor throws
// the backend's BackendUnavailable ("cuda: not built ..."), so `compare spmv --backend cuda`
// refuses with the same reason as every other --backend cuda run.
#include "tools/compare/peers/cusparse_spmv.hpp"

#include "engine/backend.hpp"
#include "engine/core/error.hpp"

namespace spgraph::peers {

struct CusparseSpmv::Impl {};

template <class T>
CusparseSpmv::CusparseSpmv(const Csr<T>&, const std::vector<double>&) {
  throw BackendUnavailable(backend_status(Backend::Cuda));
}
CusparseSpmv::~CusparseSpmv() = default;
double CusparseSpmv::run() {
  return 0;
}
void CusparseSpmv::launch() {}
std::vector<double> CusparseSpmv::result() const {
  return {};
}
std::size_t CusparseSpmv::device_bytes() const {
  return 0;
}
std::string CusparseSpmv::version() const {
  return "";
}

template CusparseSpmv::CusparseSpmv(const Csr<double>&, const std::vector<double>&);
template CusparseSpmv::CusparseSpmv(const Csr<bool>&, const std::vector<double>&);

}  // namespace spgraph::peers
