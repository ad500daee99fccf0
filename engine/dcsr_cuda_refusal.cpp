// SPDX-License-Identifier: Apache-2.0
// DcsrDevice (formats/dcsr/dcsr_cuda.hpp) in a build without the CUDA backend: every entry
// point throws BackendUnavailable with backend_status(Backend::Cuda)'s reason ("cuda: not
// built ..."), so that callers (DeviceDynamicGraph, `spgraph stream --backend cuda`) compile in
// every build and refuse clearly at run time. A CUDA build compiles formats/dcsr/*_cuda.cu
// instead (engine/CMakeLists.txt picks one).
#include <memory>
#include <vector>

#include "engine/backend.hpp"
#include "engine/core/error.hpp"
#include "formats/dcsr/dcsr_cuda.hpp"

namespace spgraph {

namespace {
[[noreturn]] void refuse() {
  throw BackendUnavailable(backend_status(Backend::Cuda));
}
}  // namespace

template <class T>
struct DcsrDevice<T>::Impl {};

template <class T>
DcsrDevice<T>::DcsrDevice(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
template <class T>
DcsrDevice<T>::DcsrDevice(Vertex, Vertex, bool, DcsrParams) {
  refuse();
}
template <class T>
DcsrDevice<T> DcsrDevice<T>::from_csr(const Csr<T>&, DcsrParams) {
  refuse();
}
template <class T>
DcsrDevice<T>::DcsrDevice(DcsrDevice&&) noexcept = default;
template <class T>
DcsrDevice<T>& DcsrDevice<T>::operator=(DcsrDevice&&) noexcept = default;
template <class T>
DcsrDevice<T>::~DcsrDevice() = default;
template <class T>
Vertex DcsrDevice<T>::nrows() const {
  refuse();
}
template <class T>
Vertex DcsrDevice<T>::ncols() const {
  refuse();
}
template <class T>
Offset DcsrDevice<T>::nvals() const {
  refuse();
}
template <class T>
std::uint64_t DcsrDevice<T>::version() const {
  refuse();
}
template <class T>
void DcsrDevice<T>::resize(Vertex, Vertex) {
  refuse();
}
template <class T>
DcsrDeviceResult DcsrDevice<T>::apply(std::span<const UpdateKind>, std::span<const Vertex>,
                                      std::span<const Vertex>, std::span<const T>,
                                      std::span<const std::uint8_t>) {
  refuse();
}
template <class T>
void DcsrDevice<T>::defragment() {
  refuse();
}
template <class T>
DcsrDevice<T> DcsrDevice<T>::freeze() const {
  refuse();
}
template <class T>
template <class SR>
void DcsrDevice<T>::spmv(const typename SR::value_type*, typename SR::value_type*) const {
  refuse();
}
template <class T>
template <class SR>
void DcsrDevice<T>::spmv_on_device(const typename SR::value_type*, typename SR::value_type*) const {
  refuse();
}
template <class T>
std::vector<Vertex> DcsrDevice<T>::bfs_levels(Vertex) const {
  refuse();
}
template <class T>
Offset DcsrDevice<T>::degree(Vertex) const {
  refuse();
}
template <class T>
DcsrDeviceContents<T> DcsrDevice<T>::download() const {
  refuse();
}
template <class T>
DcsrStats DcsrDevice<T>::stats() const {
  refuse();
}
template <class T>
std::size_t DcsrDevice<T>::device_bytes() const {
  refuse();
}

template class DcsrDevice<double>;
template class DcsrDevice<bool>;
#define SPGRAPH_DCSR_UNAVAILABLE_SPMV(T, SR)                                           \
  template void DcsrDevice<T>::spmv<SR>(const SR::value_type*, SR::value_type*) const; \
  template void DcsrDevice<T>::spmv_on_device<SR>(const SR::value_type*, SR::value_type*) const;
SPGRAPH_DCSR_UNAVAILABLE_SPMV(double, PlusTimes<double>)
SPGRAPH_DCSR_UNAVAILABLE_SPMV(double, MinPlus<double>)
SPGRAPH_DCSR_UNAVAILABLE_SPMV(bool, PlusTimes<double>)
SPGRAPH_DCSR_UNAVAILABLE_SPMV(bool, MinPlus<double>)

}  // namespace spgraph
