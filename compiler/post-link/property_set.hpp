//===- property_set.hpp - Device image property sets ------------*- C++ -*-===//
//
// Property sets describe a device image to the runtime (its requirements,
// whether it uses assert, ...). sycl-post-link writes them next to each device
// module as text; sycl-aspect-filter and the driver read them back, and the
// driver embeds the same bytes in the program (sycl/detail/image_abi.h).
//
// Text format (a DESIGN.md contract, keep it exact):
//
//   [SYCL/device requirements]
//   aspect=2|0500000006000000
//   [isAssertEnabled]
//   isAssertEnabled=1|1
//
// * A `[set name]` line opens a set; every following property belongs to it.
// * A property line is `name=TYPE|VALUE`. TYPE 1 is a uint32 written in
//   decimal; TYPE 2 is a byte array written as lowercase hex, two digits per
//   byte in memory order (uint32 arrays are little-endian).
// * Blank lines are ignored; a trailing '\r' is tolerated (files edited on
//   Windows). Everything else that does not fit is an error with file:line.
//
// The reader never trusts its input: it is reused by fuzzers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace usycl {

// Names of the property sets and properties the project defines (seeds 000 and
// 002). Writers and readers use these constants so a typo cannot split them.
namespace property_names {
inline constexpr llvm::StringLiteral DeviceRequirementsSet =
    "SYCL/device requirements";
inline constexpr llvm::StringLiteral Aspect = "aspect";
inline constexpr llvm::StringLiteral ReqdSubGroupSize = "reqd_sub_group_size";
inline constexpr llvm::StringLiteral ReqdWorkGroupSize = "reqd_work_group_size";
inline constexpr llvm::StringLiteral FixedTarget = "fixed_target";
inline constexpr llvm::StringLiteral AssertEnabledSet = "isAssertEnabled";
// usycl's own: an image usycl++ built for a module that sycl-aspect-filter
// removed for the image's target (it has no code for that target).
inline constexpr llvm::StringLiteral AspectFilterSet = "usycl/aspect filter";
inline constexpr llvm::StringLiteral Excluded = "excluded";
// usycl's own: a JIT-mode if_device_has variant of a module (docs/device-if.md).
// `has` and `lacks` (uint32 arrays) are the aspects the variant was
// specialised as present and absent; the runtime loads it only on a device
// with every `has` aspect and none of the `lacks` ones.
inline constexpr llvm::StringLiteral DeviceIfSet = "usycl/device_if";
inline constexpr llvm::StringLiteral Has = "has";
inline constexpr llvm::StringLiteral Lacks = "lacks";
// usycl's own: the specialization constants the module's code reads
// (sycl/detail/spec_constant_marker.hpp), one uint32 property per constant,
// named by its key in 16 lowercase hex digits, valued the number of 32-bit
// words the code reads of it.
inline constexpr llvm::StringLiteral SpecConstantsSet = "SYCL/specialization constants";
// Device code dynamic linking (seed 002; DPC++'s names and layout): one
// uint32 property valued 1 per symbol, named by the symbol. `exported`: the
// SYCL_EXTERNAL functions an image of a shared library defines for other
// images; `imported`: the functions an image calls that another image (of a
// shared library the program links) must define at load time.
inline constexpr llvm::StringLiteral ExportedSymbolsSet = "SYCL/exported symbols";
inline constexpr llvm::StringLiteral ImportedSymbolsSet = "SYCL/imported symbols";
// usycl's own: which kernel of the image imports what, so one kernel's
// import never fails another kernel of the same image (speculative
// compilation, seed 002): per importing kernel, a byte array of the symbols
// it reaches, each followed by a NUL.
inline constexpr llvm::StringLiteral KernelImportsSet = "usycl/kernel imports";
} // namespace property_names

// Values match usycl_property_type in sycl/detail/image_abi.h.
enum class PropertyType : uint32_t { UInt32 = 1, ByteArray = 2 };

class PropertyValue {
public:
  static PropertyValue uint32(uint32_t Value);
  static PropertyValue byteArray(std::vector<uint8_t> Bytes);
  // A byte array holding `Values` as little-endian uint32s (the layout of the
  // `aspect`, `reqd_sub_group_size` and `fixed_target` properties).
  static PropertyValue uint32Array(llvm::ArrayRef<uint32_t> Values);

  PropertyType type() const { return Type; }
  bool isUInt32() const { return Type == PropertyType::UInt32; }
  bool isByteArray() const { return Type == PropertyType::ByteArray; }

  // Precondition: isUInt32().
  uint32_t asUInt32() const;
  // Precondition: isByteArray().
  llvm::ArrayRef<uint8_t> asBytes() const;
  // The byte array read back as little-endian uint32s; nullopt if this is not
  // a byte array or its size is not a multiple of 4.
  std::optional<std::vector<uint32_t>> asUInt32Array() const;

  // The VALUE part of the text format (decimal or lowercase hex).
  std::string valueText() const;

  friend bool operator==(const PropertyValue &, const PropertyValue &) = default;

private:
  PropertyValue(PropertyType Type, uint32_t Scalar, std::vector<uint8_t> Bytes)
      : Type(Type), Scalar(Scalar), Bytes(std::move(Bytes)) {}

  PropertyType Type;
  uint32_t Scalar = 0;
  std::vector<uint8_t> Bytes;
};

struct Property {
  std::string Name;
  PropertyValue Value;
  friend bool operator==(const Property &, const Property &) = default;
};

// One named set; properties keep their insertion order so output is
// deterministic.
class PropertySet {
public:
  explicit PropertySet(std::string Name) : Name(std::move(Name)) {}

  llvm::StringRef name() const { return Name; }
  // Adds or replaces. Precondition: isValidPropertyName(PropName).
  void set(llvm::StringRef PropName, PropertyValue Value);
  const PropertyValue *find(llvm::StringRef PropName) const;
  llvm::ArrayRef<Property> properties() const { return Properties; }
  bool empty() const { return Properties.empty(); }

  friend bool operator==(const PropertySet &, const PropertySet &) = default;

private:
  std::string Name;
  std::vector<Property> Properties;
};

// Names must survive the text format: no line breaks, no ']' in set names,
// no '=' in property names, not empty.
bool isValidPropertySetName(llvm::StringRef Name);
bool isValidPropertyName(llvm::StringRef Name);

// All property sets of one device image.
class PropertySetRegistry {
public:
  // Precondition: isValidPropertySetName(SetName).
  PropertySet &getOrCreate(llvm::StringRef SetName);
  const PropertySet *find(llvm::StringRef SetName) const;
  void add(llvm::StringRef SetName, llvm::StringRef PropName,
           PropertyValue Value) {
    getOrCreate(SetName).set(PropName, std::move(Value));
  }

  llvm::ArrayRef<PropertySet> sets() const { return Sets; }
  bool empty() const { return Sets.empty(); }

  void write(llvm::raw_ostream &OS) const;
  std::string toString() const;
  llvm::Error writeFile(llvm::StringRef Path) const;

  // `FileName` only labels errors ("<file>:<line>: <what is wrong>").
  static llvm::Expected<PropertySetRegistry> parse(llvm::StringRef Text,
                                                   llvm::StringRef FileName);
  static llvm::Expected<PropertySetRegistry> readFile(llvm::StringRef Path);

  friend bool operator==(const PropertySetRegistry &,
                         const PropertySetRegistry &) = default;

private:
  std::vector<PropertySet> Sets;
};

// Error for malformed tool input files, rendered as "<file>:<line>: <message>"
// so editors can jump to it. Shared with the file-table reader.
class MalformedFileError : public llvm::ErrorInfo<MalformedFileError> {
public:
  static char ID;
  MalformedFileError(std::string File, unsigned Line, std::string Message)
      : File(std::move(File)), Line(Line), Message(std::move(Message)) {}

  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

  llvm::StringRef file() const { return File; }
  unsigned line() const { return Line; }
  llvm::StringRef what() const { return Message; }

private:
  std::string File;
  unsigned Line;
  std::string Message;
};

} // namespace usycl
