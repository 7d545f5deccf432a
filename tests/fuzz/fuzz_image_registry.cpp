//===- fuzz_image_registry.cpp - libFuzzer harness: embedded images -------===//
//
// The wrapper object usycl++ links into a program hands libusycl.so a graph
// of C structs (sycl/detail/image_abi.h) at start-up. This harness decodes
// fuzz bytes into such a graph -- null names, null or reversed ranges, unknown
// types and formats, byte arrays without values, odd requirement layouts --
// registers it and runs every reader the runtime applies to registered images:
// kernel lookup, kernel names, property-set lookup, the "SYCL/device
// requirements" decoder and checker, and the device_if variant matcher.
//
// What cannot be checked in memory is not generated: an array is never
// shorter than its count (a size that lies about its allocation is a
// pointer-safety violation no reader can detect). Everything else a corrupt
// wrapper can contain is fair game, and check_binary_desc must stop it at
// registration so that no later reader crashes.
//
//===----------------------------------------------------------------------===//

#include "device_if_images.hpp"
#include "image_registry.hpp"
#include "requirements.hpp"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace {

using usycl::rt::image_registry;

// Owns everything one decoded descriptor points to. Deques keep addresses
// stable while elements are added.
struct descriptor_arena {
  std::deque<std::string> strings;
  std::deque<std::vector<uint8_t>> blobs;
  std::deque<std::vector<const char *>> name_arrays;
  std::deque<std::vector<usycl_property>> property_arrays;
  std::deque<std::vector<usycl_property_set>> set_arrays;
  std::vector<usycl_device_image> images;
  usycl_binary_desc desc{};
};

// Requirement-like names so the decoders' branches are reached often.
const char *const known_names[] = {"SYCL/device requirements", "aspect",
                                   "reqd_sub_group_size", "reqd_work_group_size",
                                   "fixed_target", "isAssertEnabled",
                                   "usycl/device_if", "has", "lacks",
                                   "usycl/aspect filter", "excluded"};

const char *make_name(FuzzedDataProvider &in, descriptor_arena &a) {
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
  case 0:
    return nullptr;
  case 1:
  case 2:
    return a.strings.emplace_back(in.ConsumeRandomLengthString(32)).c_str();
  default:
    return known_names[in.ConsumeIntegralInRange<size_t>(0, std::size(known_names) - 1)];
  }
}

// A [begin, end) pair over `data` (n elements): usually right, sometimes
// empty, reversed or half null.
template <typename T>
void make_range(FuzzedDataProvider &in, T *data, size_t n, T *&begin, T *&end) {
  switch (in.ConsumeIntegralInRange<int>(0, 9)) {
  case 0: begin = end = nullptr; break;
  case 1: begin = data; end = nullptr; break;
  case 2: begin = nullptr; end = data + n; break;
  case 3: begin = data + n; end = data; break;
  default: begin = data; end = data + n; break;
  }
}

usycl_property make_property(FuzzedDataProvider &in, descriptor_arena &a) {
  usycl_property p{};
  p.name = make_name(in, a);
  p.type = in.ConsumeBool() ? USYCL_PROPERTY_BYTE_ARRAY
           : in.ConsumeBool() ? USYCL_PROPERTY_UINT32
                              : in.ConsumeIntegral<uint32_t>();
  if (p.type == USYCL_PROPERTY_UINT32 || in.ConsumeIntegralInRange<int>(0, 15) == 0) {
    p.size = in.ConsumeIntegral<uint64_t>();
    p.value = nullptr; // a UINT32's value lives in size; else: bytes missing
  } else {
    auto &blob = a.blobs.emplace_back(
        in.ConsumeBytes<uint8_t>(in.ConsumeIntegralInRange<size_t>(0, 64)));
    p.value = blob.empty() && in.ConsumeBool() ? nullptr : blob.data();
    p.size = in.ConsumeIntegralInRange<uint64_t>(0, blob.size());
  }
  return p;
}

usycl_property_set make_set(FuzzedDataProvider &in, descriptor_arena &a) {
  usycl_property_set s{};
  s.name = make_name(in, a);
  auto &props = a.property_arrays.emplace_back();
  size_t n = in.ConsumeIntegralInRange<size_t>(0, 6);
  for (size_t i = 0; i < n; ++i)
    props.push_back(make_property(in, a));
  usycl_property *b = props.data(), *e = nullptr;
  make_range(in, b, n, b, e);
  s.begin = b;
  s.end = e;
  return s;
}

usycl_device_image make_image(FuzzedDataProvider &in, descriptor_arena &a) {
  usycl_device_image img{};
  img.format = in.ConsumeIntegralInRange<uint32_t>(0, 6);
  img.target = in.ConsumeIntegralInRange<int>(0, 7) ? (in.ConsumeBool() ? "x86_64" : "nvidia_gpu_sm_90")
                                                    : make_name(in, a);
  img.arch = make_name(in, a);
  auto &code = a.blobs.emplace_back(
      in.ConsumeBytes<uint8_t>(in.ConsumeIntegralInRange<size_t>(0, 16)));
  const unsigned char *cb = code.data(), *ce = nullptr;
  make_range(in, cb, code.size(), cb, ce);
  img.begin = cb;
  img.end = ce;

  auto &names = a.name_arrays.emplace_back();
  size_t nk = in.ConsumeIntegralInRange<size_t>(0, 4);
  for (size_t i = 0; i < nk; ++i)
    names.push_back(in.ConsumeIntegralInRange<int>(0, 9) ? (in.ConsumeBool() ? "_ZTS1K" : "_ZTS1L")
                                                          : make_name(in, a));
  img.kernels = nk == 0 && in.ConsumeBool() ? nullptr : names.data();
  img.num_kernels = static_cast<uint32_t>(nk);
  if (nk && in.ConsumeIntegralInRange<int>(0, 15) == 0)
    img.kernels = nullptr; // a count without its array

  auto &sets = a.set_arrays.emplace_back();
  size_t ns = in.ConsumeIntegralInRange<size_t>(0, 4);
  for (size_t i = 0; i < ns; ++i)
    sets.push_back(make_set(in, a));
  usycl_property_set *sb = sets.data(), *se = nullptr;
  make_range(in, sb, ns, sb, se);
  img.properties_begin = sb;
  img.properties_end = se;
  return img;
}

// Everything the runtime does with a registered image that needs no device.
void read_registered(const usycl_binary_desc &desc) {
  auto &reg = image_registry::instance();
  (void)reg.kernel_names();
  for (const char *k : {"_ZTS1K", "_ZTS1L", "aspect"})
    for (const usycl_device_image *img : reg.images_with_kernel(k))
      (void)img->target;

  usycl::rt::device_info cpu;
  cpu.max_work_group_size = 4096;
  cpu.max_work_item_sizes = {4096, 4096, 4096};
  cpu.sub_group_sizes = {1};
  cpu.aspects = {1, 5, 6, 28};
  reg.for_each([&](const usycl_device_image &img) {
    (void)usycl::rt::find_property_set(img, "isAssertEnabled");
    (void)usycl::rt::device_if_matches(img, cpu.aspects);
    if (const auto *set = usycl::rt::find_property_set(
            img, usycl::rt::device_requirements_set_name)) {
      std::string error;
      if (auto req = usycl::rt::decode_requirements(*set, error)) {
        (void)usycl::rt::check_requirements(*req, cpu);
        uint64_t local[3] = {16, 1, 1};
        for (const auto &wg : req->work_group_sizes)
          (void)usycl::rt::check_local_range(wg, 1, local);
        (void)usycl::rt::fixed_target_names(req->fixed_targets);
      }
    }
    for (uint32_t k = 0; k < img.num_kernels; ++k)
      (void)usycl::rt::kernel_device_suffix(img.kernels[k], "fuzz device");
  });
  (void)desc;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider in(data, size);
  descriptor_arena a;
  a.desc.version = in.ConsumeIntegralInRange<int>(0, 15) ? USYCL_IMAGE_ABI_VERSION
                                                         : in.ConsumeIntegral<uint32_t>();
  size_t n = in.ConsumeIntegralInRange<size_t>(0, 3);
  for (size_t i = 0; i < n; ++i)
    a.images.push_back(make_image(in, a));
  a.desc.num_images = static_cast<uint32_t>(n);
  a.desc.images = a.images.empty() ? nullptr : a.images.data();
  if (n && in.ConsumeIntegralInRange<int>(0, 15) == 0)
    a.desc.images = nullptr;

  auto &reg = image_registry::instance();
  std::string error;
  bool added = reg.try_add(&a.desc, error);
  if (!added && error.empty())
    __builtin_trap(); // a refusal must say why
  read_registered(a.desc);
  reg.remove(&a.desc);
  return 0;
}
