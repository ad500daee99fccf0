// SPDX-License-Identifier: Apache-2.0
// CusparseSpmv (cusparse_spmv.hpp) in a CUDA build: libcusparse opened with dlopen, its entry
// points typed from cusparse.h (decltype of each declaration), the matrix, x, y and the work
// buffer in DeviceBuffers of the CUDA backend (so they are counted in device_stats()), every
// call on the backend's stream.
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#include "tools/compare/peers/cusparse_spmv.hpp"

#include <cusparse.h>
#include <dlfcn.h>

#include <chrono>
#include <climits>
#include <cstdint>
#include <string>

#include "engine/core/error.hpp"
#include "formats/device/cuda_error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_buffer.hpp"

namespace spgraph::peers {
namespace {

/// The cuSPARSE entry points the peer calls, resolved once per process.
struct CusparseApi {
  decltype(&cusparseCreate) create = nullptr;
  decltype(&cusparseDestroy) destroy = nullptr;
  decltype(&cusparseSetStream) set_stream = nullptr;
  decltype(&cusparseGetProperty) get_property = nullptr;
  decltype(&cusparseGetErrorString) error_string = nullptr;
  decltype(&cusparseCreateCsr) create_csr = nullptr;
  decltype(&cusparseDestroySpMat) destroy_sp_mat = nullptr;
  decltype(&cusparseCreateDnVec) create_dn_vec = nullptr;
  decltype(&cusparseDestroyDnVec) destroy_dn_vec = nullptr;
  decltype(&cusparseSpMV_bufferSize) spmv_buffer_size = nullptr;
  decltype(&cusparseSpMV) spmv = nullptr;
  std::string missing;  ///< why the library could not be used ("" when it can)
};

template <class F>
void resolve(void* lib, const char* name, F& f, std::string& missing) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  if (!f && missing.empty()) missing = std::string("libcusparse has no ") + name;
}

const CusparseApi& cusparse_api() {
  static const CusparseApi api = [] {
    CusparseApi a;
    void* lib = dlopen("libcusparse.so.12", RTLD_NOW | RTLD_LOCAL);
    if (!lib) lib = dlopen("libcusparse.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      const char* why = dlerror();
      a.missing = std::string("cuSPARSE: cannot open libcusparse.so.12: ") + (why ? why : "");
      return a;
    }
    resolve(lib, "cusparseCreate", a.create, a.missing);
    resolve(lib, "cusparseDestroy", a.destroy, a.missing);
    resolve(lib, "cusparseSetStream", a.set_stream, a.missing);
    resolve(lib, "cusparseGetProperty", a.get_property, a.missing);
    resolve(lib, "cusparseGetErrorString", a.error_string, a.missing);
    resolve(lib, "cusparseCreateCsr", a.create_csr, a.missing);
    resolve(lib, "cusparseDestroySpMat", a.destroy_sp_mat, a.missing);
    resolve(lib, "cusparseCreateDnVec", a.create_dn_vec, a.missing);
    resolve(lib, "cusparseDestroyDnVec", a.destroy_dn_vec, a.missing);
    resolve(lib, "cusparseSpMV_bufferSize", a.spmv_buffer_size, a.missing);
    resolve(lib, "cusparseSpMV", a.spmv, a.missing);
    return a;
  }();
  if (!api.missing.empty()) throw BackendUnavailable(api.missing);
  return api;
}

void check(cusparseStatus_t s, const char* call) {
  if (s == CUSPARSE_STATUS_SUCCESS) return;
  const char* text = cusparse_api().error_string ? cusparse_api().error_string(s) : "";
  throw Error(std::string(call) + " failed: " + text + " (cusparseStatus_t " +
              std::to_string(int(s)) + ")");
}

}  // namespace

struct CusparseSpmv::Impl {
  const CusparseApi* api = nullptr;
  cusparseHandle_t handle = nullptr;
  cusparseSpMatDescr_t a = nullptr;
  cusparseDnVecDescr_t x = nullptr, y = nullptr;
  DeviceBuffer<std::int32_t> rp32, col32;
  DeviceBuffer<std::int64_t> rp64, col64;
  DeviceBuffer<double> val, dx, dy;
  DeviceBuffer<std::uint8_t> work;
  std::int64_t nrows = 0;

  ~Impl() {
    if (!api) return;
    if (y) api->destroy_dn_vec(y);
    if (x) api->destroy_dn_vec(x);
    if (a) api->destroy_sp_mat(a);
    if (handle) api->destroy(handle);
  }
  /// A's index arrays, 32-bit when every offset fits, as cuSPARSE runs fastest.
  template <class T>
  void upload_indices(const Csr<T>& m, void*& rp, void*& col, cusparseIndexType_t& type) {
    if (m.nnz() <= Offset(INT32_MAX)) {
      const std::vector<std::int32_t> r(m.row_ptr.begin(), m.row_ptr.end());
      const std::vector<std::int32_t> c(m.col.begin(), m.col.end());
      rp32 = DeviceBuffer<std::int32_t>::from_host(r);
      col32 = DeviceBuffer<std::int32_t>::from_host(c);
      cuda_synchronize("cudaStreamSynchronize(cuSPARSE index upload)");  // r, c die here
      rp = rp32.data();
      col = col32.data();
      type = CUSPARSE_INDEX_32I;
    } else {
      const std::vector<std::int64_t> r(m.row_ptr.begin(), m.row_ptr.end());
      const std::vector<std::int64_t> c(m.col.begin(), m.col.end());
      rp64 = DeviceBuffer<std::int64_t>::from_host(r);
      col64 = DeviceBuffer<std::int64_t>::from_host(c);
      cuda_synchronize("cudaStreamSynchronize(cuSPARSE index upload)");
      rp = rp64.data();
      col = col64.data();
      type = CUSPARSE_INDEX_64I;
    }
  }
};

template <class T>
CusparseSpmv::CusparseSpmv(const Csr<T>& m, const std::vector<double>& x)
    : impl_(std::make_unique<Impl>()) {
  require_cuda_device();
  Impl& p = *impl_;
  p.api = &cusparse_api();
  const cudaStream_t s = cuda_stream();
  check(p.api->create(&p.handle), "cusparseCreate");
  check(p.api->set_stream(p.handle, s), "cusparseSetStream");
  void* rp = nullptr;
  void* col = nullptr;
  cusparseIndexType_t index = CUSPARSE_INDEX_32I;
  p.upload_indices(m, rp, col, index);
  std::vector<double> values(m.nnz(), 1.0);  // a pattern's entries are 1
  if (!m.pattern)
    for (Offset e = 0; e < m.nnz(); ++e) values[e] = double(m.val[e]);
  p.val = DeviceBuffer<double>::from_host(values);
  p.dx = DeviceBuffer<double>::from_host(x);
  p.dy = DeviceBuffer<double>(m.nrows);
  cuda_synchronize("cudaStreamSynchronize(cuSPARSE value upload)");  // values dies here
  p.nrows = m.nrows;
  check(p.api->create_csr(&p.a, m.nrows, m.ncols, std::int64_t(m.nnz()), rp, col, p.val.data(),
                          index, index, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F),
        "cusparseCreateCsr");
  check(p.api->create_dn_vec(&p.x, m.ncols, p.dx.data(), CUDA_R_64F), "cusparseCreateDnVec(x)");
  check(p.api->create_dn_vec(&p.y, m.nrows, p.dy.data(), CUDA_R_64F), "cusparseCreateDnVec(y)");
  const double one = 1, zero = 0;
  std::size_t bytes = 0;
  check(p.api->spmv_buffer_size(p.handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, p.a, p.x, &zero,
                                p.y, CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, &bytes),
        "cusparseSpMV_bufferSize");
  p.work = DeviceBuffer<std::uint8_t>(bytes);
}

CusparseSpmv::~CusparseSpmv() = default;

void CusparseSpmv::launch() {
  Impl& p = *impl_;
  const double one = 1, zero = 0;
  check(p.api->spmv(p.handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, p.a, p.x, &zero, p.y,
                    CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, p.work.data()),
        "cusparseSpMV");
}

double CusparseSpmv::run() {
  const auto t0 = std::chrono::steady_clock::now();
  launch();
  cuda_synchronize("cudaStreamSynchronize(cusparseSpMV)");
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<double> CusparseSpmv::result() const {
  return impl_->dy.to_host();
}

std::size_t CusparseSpmv::device_bytes() const {
  const Impl& p = *impl_;
  return p.rp32.bytes() + p.col32.bytes() + p.rp64.bytes() + p.col64.bytes() + p.val.bytes() +
         p.dx.bytes() + p.dy.bytes() + p.work.bytes();
}

std::string CusparseSpmv::version() const {
  int major = 0, minor = 0, patch = 0;
  const CusparseApi& api = *impl_->api;
  check(api.get_property(MAJOR_VERSION, &major), "cusparseGetProperty");
  check(api.get_property(MINOR_VERSION, &minor), "cusparseGetProperty");
  check(api.get_property(PATCH_LEVEL, &patch), "cusparseGetProperty");
  return "cuSPARSE " + std::to_string(major) + "." + std::to_string(minor) + "." +
         std::to_string(patch);
}

template CusparseSpmv::CusparseSpmv(const Csr<double>&, const std::vector<double>&);
template CusparseSpmv::CusparseSpmv(const Csr<bool>&, const std::vector<double>&);

}  // namespace spgraph::peers
