//===- property_set.cpp - Device image property sets ----------------------===//

#include "property_set.hpp"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>

using namespace llvm;

namespace usycl {

char MalformedFileError::ID = 0;

void MalformedFileError::log(raw_ostream &OS) const {
  OS << File;
  if (Line != 0)
    OS << ':' << Line;
  OS << ": " << Message;
}

std::error_code MalformedFileError::convertToErrorCode() const {
  return std::make_error_code(std::errc::invalid_argument);
}

//===----------------------------------------------------------------------===//
// PropertyValue
//===----------------------------------------------------------------------===//

PropertyValue PropertyValue::uint32(uint32_t Value) {
  return PropertyValue(PropertyType::UInt32, Value, {});
}

PropertyValue PropertyValue::byteArray(std::vector<uint8_t> Bytes) {
  return PropertyValue(PropertyType::ByteArray, 0, std::move(Bytes));
}

PropertyValue PropertyValue::uint32Array(ArrayRef<uint32_t> Values) {
  std::vector<uint8_t> Bytes;
  Bytes.reserve(Values.size() * 4);
  for (uint32_t V : Values)
    for (unsigned Shift = 0; Shift < 32; Shift += 8)
      Bytes.push_back(static_cast<uint8_t>(V >> Shift));
  return byteArray(std::move(Bytes));
}

uint32_t PropertyValue::asUInt32() const {
  assert(isUInt32() && "not a uint32 property");
  return Scalar;
}

ArrayRef<uint8_t> PropertyValue::asBytes() const {
  assert(isByteArray() && "not a byte-array property");
  return Bytes;
}

std::optional<std::vector<uint32_t>> PropertyValue::asUInt32Array() const {
  if (!isByteArray() || Bytes.size() % 4 != 0)
    return std::nullopt;
  std::vector<uint32_t> Values;
  Values.reserve(Bytes.size() / 4);
  for (size_t I = 0; I < Bytes.size(); I += 4)
    Values.push_back(uint32_t(Bytes[I]) | uint32_t(Bytes[I + 1]) << 8 |
                     uint32_t(Bytes[I + 2]) << 16 |
                     uint32_t(Bytes[I + 3]) << 24);
  return Values;
}

std::string PropertyValue::valueText() const {
  if (isUInt32())
    return std::to_string(Scalar);
  return toHex(ArrayRef<uint8_t>(Bytes), /*LowerCase=*/true);
}

//===----------------------------------------------------------------------===//
// PropertySet / PropertySetRegistry
//===----------------------------------------------------------------------===//

static bool hasLineBreak(StringRef S) {
  return S.find_first_of("\r\n") != StringRef::npos;
}

bool isValidPropertySetName(StringRef Name) {
  return !Name.empty() && !hasLineBreak(Name) && !Name.contains(']');
}

bool isValidPropertyName(StringRef Name) {
  return !Name.empty() && !hasLineBreak(Name) && !Name.contains('=') &&
         !Name.starts_with("[");
}

void PropertySet::set(StringRef PropName, PropertyValue Value) {
  assert(isValidPropertyName(PropName) && "name cannot be written as text");
  for (Property &P : Properties)
    if (P.Name == PropName) {
      P.Value = std::move(Value);
      return;
    }
  Properties.push_back({PropName.str(), std::move(Value)});
}

const PropertyValue *PropertySet::find(StringRef PropName) const {
  for (const Property &P : Properties)
    if (P.Name == PropName)
      return &P.Value;
  return nullptr;
}

PropertySet &PropertySetRegistry::getOrCreate(StringRef SetName) {
  assert(isValidPropertySetName(SetName) && "name cannot be written as text");
  for (PropertySet &S : Sets)
    if (S.name() == SetName)
      return S;
  return Sets.emplace_back(SetName.str());
}

const PropertySet *PropertySetRegistry::find(StringRef SetName) const {
  for (const PropertySet &S : Sets)
    if (S.name() == SetName)
      return &S;
  return nullptr;
}

void PropertySetRegistry::write(raw_ostream &OS) const {
  for (const PropertySet &S : Sets) {
    OS << '[' << S.name() << "]\n";
    for (const Property &P : S.properties())
      OS << P.Name << '=' << static_cast<uint32_t>(P.Value.type()) << '|'
         << P.Value.valueText() << '\n';
  }
}

std::string PropertySetRegistry::toString() const {
  std::string Text;
  raw_string_ostream OS(Text);
  write(OS);
  return Text;
}

Error PropertySetRegistry::writeFile(StringRef Path) const {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_TextWithCRLF);
  if (EC)
    return createFileError(Path, EC);
  write(OS);
  OS.close();
  if (OS.has_error())
    return createFileError(Path, OS.error());
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

namespace {

// Keeps the reader's state small and its error messages uniform.
class PropertySetParser {
public:
  explicit PropertySetParser(StringRef FileName) : FileName(FileName) {}

  Expected<PropertySetRegistry> parse(StringRef Text) {
    unsigned LineNo = 0;
    while (!Text.empty()) {
      auto [Line, Rest] = Text.split('\n');
      Text = Rest;
      ++LineNo;
      Line.consume_back("\r");
      if (Line.trim().empty())
        continue;
      if (Error E = Line.starts_with("[") ? parseSetHeader(Line, LineNo)
                                          : parseProperty(Line, LineNo))
        return E;
    }
    return std::move(Result);
  }

private:
  Error error(unsigned LineNo, const Twine &Message) const {
    return make_error<MalformedFileError>(FileName.str(), LineNo,
                                          Message.str());
  }

  Error parseSetHeader(StringRef Line, unsigned LineNo) {
    if (!Line.ends_with("]"))
      return error(LineNo, "property set header '" + Line +
                               "' does not end with ']'");
    StringRef Name = Line.drop_front().drop_back();
    if (!isValidPropertySetName(Name))
      return error(LineNo, "invalid property set name '" + Name + "'");
    auto [It, Inserted] = SetLines.try_emplace(Name, LineNo);
    if (!Inserted)
      return error(LineNo, "property set '" + Name +
                               "' appears twice (first at line " +
                               Twine(It->second) + ")");
    Current = &Result.getOrCreate(Name);
    PropertyLines.clear();
    return Error::success();
  }

  Error parseProperty(StringRef Line, unsigned LineNo) {
    if (!Current)
      return error(LineNo, "property line '" + Line +
                               "' comes before any '[set name]' line");
    auto [Name, TypeAndValue] = Line.split('=');
    if (Name.size() == Line.size())
      return error(LineNo, "expected 'name=TYPE|VALUE', found '" + Line + "'");
    if (!isValidPropertyName(Name))
      return error(LineNo, "invalid property name '" + Name + "'");
    auto [TypeText, ValueText] = TypeAndValue.split('|');
    if (TypeText.size() == TypeAndValue.size())
      return error(LineNo, "property '" + Name +
                               "' lacks '|' between its type and its value");

    Expected<PropertyValue> Value = parseValue(Name, TypeText, ValueText, LineNo);
    if (!Value)
      return Value.takeError();

    auto [It, Inserted] = PropertyLines.try_emplace(Name, LineNo);
    if (!Inserted)
      return error(LineNo, "property '" + Name + "' appears twice in set '" +
                               Current->name() + "' (first at line " +
                               Twine(It->second) + ")");
    Current->set(Name, std::move(*Value));
    return Error::success();
  }

  Expected<PropertyValue> parseValue(StringRef Name, StringRef TypeText,
                                     StringRef ValueText, unsigned LineNo) {
    if (TypeText == "1") {
      // Decimal digits only: getAsInteger would also accept "0x10" or "-1".
      uint32_t Value = 0;
      if (ValueText.empty() || !all_of(ValueText, isDigit) ||
          ValueText.getAsInteger(10, Value))
        return error(LineNo, "property '" + Name + "' has type 1 (uint32) "
                             "but its value '" + ValueText +
                             "' is not a decimal number below 2^32");
      return PropertyValue::uint32(Value);
    }
    if (TypeText == "2") {
      auto IsLowerHex = [](char C) {
        return isDigit(C) || (C >= 'a' && C <= 'f');
      };
      if (ValueText.size() % 2 != 0 || !all_of(ValueText, IsLowerHex))
        return error(LineNo, "property '" + Name + "' has type 2 (byte array) "
                             "but its value is not lowercase hex with two "
                             "digits per byte");
      std::vector<uint8_t> Bytes;
      Bytes.reserve(ValueText.size() / 2);
      for (size_t I = 0; I < ValueText.size(); I += 2)
        Bytes.push_back(hexFromNibbles(ValueText[I], ValueText[I + 1]));
      return PropertyValue::byteArray(std::move(Bytes));
    }
    return error(LineNo, "property '" + Name + "' has unknown type '" +
                             TypeText +
                             "' (expected 1 = uint32 or 2 = byte array)");
  }

  StringRef FileName;
  PropertySetRegistry Result;
  PropertySet *Current = nullptr;
  StringMap<unsigned> SetLines;      // set name -> line that opened it
  StringMap<unsigned> PropertyLines; // property name -> line, current set
};

} // namespace

Expected<PropertySetRegistry> PropertySetRegistry::parse(StringRef Text,
                                                         StringRef FileName) {
  return PropertySetParser(FileName).parse(Text);
}

Expected<PropertySetRegistry> PropertySetRegistry::readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return createFileError(Path, Buffer.getError());
  return parse((*Buffer)->getBuffer(), Path);
}

} // namespace usycl
