// Images end to end (SYCL 2020 §4.7.3, §4.7.6.14-15, and the deprecated
// SYCL 1.2.1 forms): unsampled images written and read in kernels and on
// the host, sampled images read with nearest and linear filtering under
// several addressing and coordinate modes, channel orders and types
// converted both ways, host pointers written back. Expected values are
// worked out here from the OpenCL sampling rules, not by the library.
// On CUDA, sampled and unsampled accessors use texture and surface objects;
// linear filtering there has 8-bit weights, hence the tolerances.
#include "e2e_common.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

using sycl::float4;
using sycl::int4;
using sycl::uint4;

static bool near4(const float4 &a, const float4 &b, float tol) {
  for (int k = 0; k < 4; ++k)
    if (std::fabs(a[k] - b[k]) > tol) return false;
  return true;
}
static std::string str4(const float4 &v) {
  return "(" + e2e::str(v[0]) + ", " + e2e::str(v[1]) + ", " + e2e::str(v[2]) + ", " +
         e2e::str(v[3]) + ")";
}
static void check4(const std::string &what, const float4 &got, const float4 &want,
                   float tol = 1e-4f) {
  if (!near4(got, want, tol)) e2e::fail(what + ": expected " + str4(want) + ", got " + str4(got));
}

// Unsampled 2-D images: a kernel reads one image and writes another.
static void unsampled_kernels(sycl::queue &q) {
  constexpr int W = 5, H = 3;
  sycl::unsampled_image<2> src(sycl::image_format::r8g8b8a8_unorm, sycl::range<2>(W, H));
  sycl::unsampled_image<2> dst(sycl::image_format::r16g16b16a16_sint, sycl::range<2>(W, H));
  {
    auto acc = src.get_host_access<float4, sycl::access_mode::write>();
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        acc.write(sycl::int2(x, y), float4(x / 4.0f, y / 2.0f, 1.0f, 0.0f));
  }
  q.submit([&](sycl::handler &h) {
    sycl::unsampled_image_accessor<float4, 2, sycl::access_mode::read> in(src, h);
    auto out = dst.get_access<int4, sycl::access_mode::write>(h);
    h.parallel_for(sycl::range<2>(W, H), [=](sycl::item<2> it) {
      const sycl::int2 c(static_cast<int>(it[0]), static_cast<int>(it[1]));
      const float4 v = in.read(c);
      // unorm8 holds multiples of 1/255: scale back to the byte values.
      out.write(c, int4(static_cast<int>(v[0] * 255.0f + 0.5f),
                        -static_cast<int>(v[1] * 255.0f + 0.5f), c[0] * 1000 + c[1], 70000));
    });
  });
  auto res = dst.get_host_access<int4, sycl::access_mode::read>();
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      const int4 v = res.read(sycl::int2(x, y));
      const std::string at = "unsampled (" + std::to_string(x) + "," + std::to_string(y) + ")";
      // float -> unorm8 rounds to nearest: x/4 * 255.
      e2e::check_eq(at + ".r", v[0], static_cast<int>(std::nearbyint(x / 4.0f * 255.0f)));
      e2e::check_eq(at + ".g", v[1], -static_cast<int>(std::nearbyint(y / 2.0f * 255.0f)));
      e2e::check_eq(at + ".b", v[2], x * 1000 + y);
      e2e::check_eq(at + ".a (saturated to int16)", v[3], 32767);
    }
}

// Sampled 1-D image: texel i holds (10 i, 1, 2, 3).
struct sample_case {
  sycl::image_sampler sampler;
  float coord;
  float expected_r; // < 0: the border colour (0,0,0,0)
  const char *name;
};

static void sampled_1d(sycl::queue &q) {
  constexpr int W = 4;
  std::vector<float> texels;
  for (int i = 0; i < W; ++i) texels.insert(texels.end(), {10.0f * i, 1.0f, 2.0f, 3.0f});
  using am = sycl::addressing_mode;
  using fm = sycl::filtering_mode;
  constexpr auto norm = sycl::coordinate_normalization_mode::normalized;
  constexpr auto unnorm = sycl::coordinate_normalization_mode::unnormalized;
  const std::vector<sample_case> cases = {
      {{am::clamp_to_edge, unnorm, fm::nearest}, 2.5f, 20.0f, "nearest clamp_to_edge 2.5"},
      {{am::clamp_to_edge, unnorm, fm::nearest}, -3.0f, 0.0f, "nearest clamp_to_edge -3"},
      {{am::clamp_to_edge, unnorm, fm::nearest}, 7.0f, 30.0f, "nearest clamp_to_edge 7"},
      {{am::clamp, unnorm, fm::nearest}, 4.5f, -1.0f, "nearest clamp (border) 4.5"},
      {{am::none, unnorm, fm::nearest}, 1.0f, 10.0f, "nearest none 1.0"},
      {{am::clamp_to_edge, unnorm, fm::linear}, 2.0f, 15.0f, "linear clamp_to_edge 2.0"},
      {{am::clamp_to_edge, unnorm, fm::linear}, 0.25f, 0.0f, "linear clamp_to_edge 0.25"},
      {{am::clamp_to_edge, norm, fm::linear}, 0.375f, 10.0f, "linear normalized 0.375"},
      {{am::repeat, norm, fm::nearest}, 1.25f, 10.0f, "nearest repeat 1.25"},
      {{am::repeat, norm, fm::nearest}, -0.25f, 30.0f, "nearest repeat -0.25"},
      {{am::repeat, norm, fm::linear}, 0.0f, 15.0f, "linear repeat 0.0 (wraps)"},
      // Not on a texel boundary: CUDA's mirror rounds those the other way.
      {{am::mirrored_repeat, norm, fm::nearest}, 1.3f, 20.0f, "nearest mirrored 1.3"},
      {{am::mirrored_repeat, norm, fm::nearest}, -0.1f, 0.0f, "nearest mirrored -0.1"},
      {{am::clamp, norm, fm::nearest}, 1.5f, -1.0f, "nearest clamp normalized 1.5 (border)"},
  };
  for (const sample_case &c : cases) {
    sycl::sampled_image<1> img(texels.data(), sycl::image_format::r32g32b32a32_sfloat, c.sampler,
                               sycl::range<1>(W));
    float4 got;
    {
      sycl::buffer<float4> out(&got, sycl::range<1>(1));
      q.submit([&](sycl::handler &h) {
        auto acc = img.get_access<float4>(h);
        sycl::accessor o(out, h, sycl::write_only);
        const float coord = c.coord;
        h.single_task([=] { o[0] = acc.read(coord); });
      });
    }
    const float4 want = c.expected_r < 0 ? float4(0, 0, 0, 0) : float4(c.expected_r, 1, 2, 3);
    check4(std::string("sampled_image<1> ") + c.name, got, want, 0.1f);
    // The host accessor samples the same way.
    sycl::host_sampled_image_accessor<float4, 1> host(img);
    check4(std::string("host_sampled_image_accessor ") + c.name, host.read(c.coord), want, 1e-4f);
  }
}

// Sampled 2-D image of unorm8 texels, bilinear in the middle of 2x2.
static void sampled_2d(sycl::queue &q) {
  const std::array<uint8_t, 16> texels = {0,   0, 0, 255, 255, 0, 0, 255,
                                          0, 255, 0, 255, 255, 255, 0, 255};
  sycl::sampled_image<2> img(texels.data(), sycl::image_format::r8g8b8a8_unorm,
                             {sycl::addressing_mode::clamp_to_edge,
                              sycl::coordinate_normalization_mode::normalized,
                              sycl::filtering_mode::linear},
                             sycl::range<2>(2, 2));
  float4 got[2];
  {
    sycl::buffer<float4> out(got, sycl::range<1>(2));
    q.submit([&](sycl::handler &h) {
      sycl::sampled_image_accessor<float4, 2> acc(img, h);
      sycl::accessor o(out, h, sycl::write_only);
      h.single_task([=] {
        o[0] = acc.read(sycl::float2(0.5f, 0.5f));   // the middle: all four
        o[1] = acc.read(sycl::float2(0.75f, 0.25f)); // texel (1, 0)'s centre
      });
    });
  }
  check4("sampled_image<2> bilinear centre", got[0], float4(0.5f, 0.5f, 0, 1), 0.01f);
  check4("sampled_image<2> texel centre", got[1], float4(1, 0, 0, 1), 0.01f);
}

// Deprecated image/sampler/accessor forms; channel orders and types; write-back.
static void legacy_and_formats(sycl::queue &q) {
  constexpr int W = 4;
  // bgra unorm8: stored b, g, r, a; read as r, g, b, a.
  std::array<uint8_t, 4 * W> bgra{};
  for (int i = 0; i < W; ++i) {
    bgra[4 * i + 0] = 10;        // b
    bgra[4 * i + 1] = 20;        // g
    bgra[4 * i + 2] = 51 * i;    // r
    bgra[4 * i + 3] = 255;       // a
  }
  std::array<int32_t, 4 * W> doubled{};
  {
    sycl::image<1> in(bgra.data(), sycl::image_channel_order::bgra,
                      sycl::image_channel_type::unorm_int8, sycl::range<1>(W));
    sycl::image<1> out(doubled.data(), sycl::image_channel_order::rgba,
                       sycl::image_channel_type::signed_int32, sycl::range<1>(W));
    q.submit([&](sycl::handler &h) {
      auto r = in.get_access<float4, sycl::access_mode::read>(h);
      auto w = out.get_access<int4, sycl::access_mode::write>(h);
      sycl::sampler smp(sycl::coordinate_normalization_mode::unnormalized,
                        sycl::addressing_mode::clamp_to_edge, sycl::filtering_mode::nearest);
      h.parallel_for(sycl::range<1>(W), [=](sycl::id<1> i) {
        const int x = static_cast<int>(i[0]);
        const float4 a = r.read(x);
        const float4 b = r.read(static_cast<float>(x) + 0.5f, smp);
        w.write(x, int4(static_cast<int>(a[0] * 255.0f + 0.5f), static_cast<int>(a[2] * 255.0f + 0.5f),
                        static_cast<int>(b[1] * 255.0f + 0.5f), x));
      });
    });
  } // `out` writes back into `doubled` here
  for (int i = 0; i < W; ++i) {
    const std::string at = "legacy bgra texel " + std::to_string(i);
    e2e::check_eq(at + " r", doubled[4 * i + 0], 51 * i);
    e2e::check_eq(at + " b", doubled[4 * i + 1], 10);
    e2e::check_eq(at + " g (sampler)", doubled[4 * i + 2], 20);
    e2e::check_eq(at + " written index", doubled[4 * i + 3], i);
  }

  // Host-side conversions of several channel types (the software path every
  // device shares for these formats).
  {
    uint16_t w565 = 0;
    sycl::image<1> img(&w565, sycl::image_channel_order::rgb,
                       sycl::image_channel_type::unorm_short_565, sycl::range<1>(1));
    {
      auto acc = img.get_access<float4, sycl::access_mode::write>();
      acc.write(0, float4(1.0f, 0.5f, 0.0f, 1.0f));
    }
    auto acc = img.get_access<float4, sycl::access_mode::read>();
    const float4 v = acc.read(0);
    check4("unorm_short_565 round trip", v, float4(1.0f, 32.0f / 63.0f, 0.0f, 1.0f));
  }
  {
    sycl::image<1> img(sycl::image_channel_order::ra, sycl::image_channel_type::snorm_int8,
                       sycl::range<1>(1));
    img.get_access<float4, sycl::access_mode::write>().write(0, float4(-2.0f, 9.0f, 9.0f, 0.5f));
    auto r = img.get_access<float4, sycl::access_mode::read>();
    check4("snorm_int8 ra (saturates; g, b read 0)", r.read(0),
           float4(-1.0f, 0.0f, 0.0f, 64.0f / 127.0f));
  }
  {
    sycl::image<1> img(sycl::image_channel_order::luminance, sycl::image_channel_type::fp16,
                       sycl::range<1>(1));
    img.get_access<float4, sycl::access_mode::write>().write(0, float4(0.333f, 0, 0, 0));
    auto r = img.get_access<float4, sycl::access_mode::read>();
    const float l = 0.33300781f; // 0.333 rounded to binary16
    check4("fp16 luminance", r.read(0), float4(l, l, l, 1.0f));
  }
  {
    sycl::image<1> img(sycl::image_channel_order::r, sycl::image_channel_type::unsigned_int8,
                       sycl::range<1>(1));
    img.get_access<uint4, sycl::access_mode::write>().write(0, uint4(300, 1, 2, 3));
    auto r = img.get_access<uint4, sycl::access_mode::read>();
    const uint4 v = r.read(0);
    e2e::check_eq("unsigned_int8 r saturates", v[0], 255u);
    e2e::check_eq("unsigned_int8 r: g reads 0", v[1], 0u);
    e2e::check_eq("unsigned_int8 r: a reads 1", v[3], 1u);
  }

  // image_array: an image<2> as rows of 1-D layers.
  {
    sycl::image<2> arr(sycl::image_channel_order::rgba, sycl::image_channel_type::fp32,
                       sycl::range<2>(3, 2));
    q.submit([&](sycl::handler &h) {
      sycl::accessor<float4, 1, sycl::access_mode::write, sycl::target::image_array> acc(arr, h);
      h.parallel_for(sycl::range<2>(2, 3), [=](sycl::id<2> i) {
        const int layer = static_cast<int>(i[0]), x = static_cast<int>(i[1]);
        acc[layer].write(x, float4(static_cast<float>(layer), static_cast<float>(x), 0, 0));
      });
    });
    auto r = arr.get_access<float4, sycl::access_mode::read>();
    for (int layer = 0; layer < 2; ++layer)
      for (int x = 0; x < 3; ++x)
        check4("image_array layer " + std::to_string(layer) + " x " + std::to_string(x),
               r.read(sycl::int2(x, layer)), float4(static_cast<float>(layer), static_cast<float>(x), 0, 0));
  }
}

// Reference semantics, properties, pitches and errors.
static void api(sycl::queue &q) {
  sycl::unsampled_image<3> a(sycl::image_format::r32g32b32a32_sfloat, sycl::range<3>(4, 3, 2));
  e2e::check_eq("byte_size", a.byte_size(), size_t(4 * 3 * 2 * 16));
  e2e::check_eq("size", a.size(), size_t(24));
  e2e::check_eq("row pitch", a.get_pitch()[0], size_t(64));
  e2e::check_eq("slice pitch", a.get_pitch()[1], size_t(192));
  sycl::unsampled_image<3> b = a;
  e2e::check("copies are equal", a == b && std::hash<sycl::unsampled_image<3>>()(a) ==
                                               std::hash<sycl::unsampled_image<3>>()(b));
  {
    sycl::unsampled_image<3> other(sycl::image_format::r32g32b32a32_sfloat, sycl::range<3>(1, 1, 1));
    sycl::host_unsampled_image_accessor<float4, 3> ha(a), hb(other);
    const auto ha2 = ha;
    using H = std::hash<sycl::host_unsampled_image_accessor<float4, 3>>;
    e2e::check("host accessor copies are equal", ha == ha2 && H()(ha) == H()(ha2));
    e2e::check("host accessors of two images differ", ha != hb && H()(ha) != H()(hb));
    e2e::check("host accessor without properties", !ha.has_property<sycl::property::no_init>());
  }
  {
    // Command accessors: copies are one accessor, two constructions are two;
    // no_init is the one property an accessor hands back.
    bool copies_equal = false, constructions_differ = false, no_init_kept = false,
         absent_property_throws = false;
    q.submit([&](sycl::handler &h) {
      sycl::unsampled_image_accessor<float4, 3, sycl::access_mode::read> r(a, h), other(a, h);
      sycl::unsampled_image_accessor<float4, 3, sycl::access_mode::write> w(b, h, {sycl::no_init});
      const auto copy = r;
      copies_equal = copy == r && !(copy != r);
      constructions_differ = r != other && !(r == other);
      no_init_kept = w.has_property<sycl::property::no_init>() &&
                     !r.has_property<sycl::property::no_init>();
      (void)w.get_property<sycl::property::no_init>();
      try {
        (void)r.get_property<sycl::property::no_init>();
      } catch (const sycl::exception &e) {
        absent_property_throws = e.code() == sycl::errc::invalid;
      }
      h.single_task<class image_accessor_identity>(
          [=] { (void)copy.read(sycl::int4(0, 0, 0, 0)); });
    }).wait();
    e2e::check("command accessor copies are equal", copies_equal);
    e2e::check("two command accessors of one image differ", constructions_differ);
    e2e::check("no_init: has_property and get_property", no_init_kept);
    e2e::check("get_property of an absent property throws errc::invalid", absent_property_throws);
  }
  std::mutex m;
  sycl::unsampled_image<2> c(sycl::image_format::r8g8b8a8_uint, sycl::range<2>(2, 2),
                             sycl::range<1>(32), {sycl::property::image::use_mutex(m)});
  e2e::check_eq("explicit row pitch", c.get_pitch()[0], size_t(32));
  e2e::check_eq("byte_size with pitch", c.byte_size(), size_t(64));
  e2e::check("use_mutex property", c.has_property<sycl::property::image::use_mutex>() &&
                                       c.get_property<sycl::property::image::use_mutex>()
                                               .get_mutex_ptr() == &m);
  bool threw = false;
  try {
    sycl::unsampled_image<2> bad(sycl::image_format::r8g8b8a8_uint, sycl::range<2>(8, 2),
                                 sycl::range<1>(16));
  } catch (const sycl::exception &e) {
    threw = e.code() == sycl::errc::invalid;
  }
  e2e::check("a pitch smaller than a row throws errc::invalid", threw);
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "image");
  e2e::check("device has aspect::image", q.get_device().has(sycl::aspect::image));
  unsampled_kernels(q);
  sampled_1d(q);
  sampled_2d(q);
  legacy_and_formats(q);
  api(q);
  return e2e::finish("image");
}
