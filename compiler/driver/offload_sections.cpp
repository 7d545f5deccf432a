//===- offload_sections.cpp - Device code inside host objects -------------===//

#include "offload_sections.hpp"
#include "diagnostics.hpp"
#include "file_write.hpp"

#include "llvm/BinaryFormat/Magic.h"
#include "llvm/ObjCopy/ConfigManager.h"
#include "llvm/ObjCopy/ObjCopy.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/Binary.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace usycl::driver {

Error embedDeviceCode(StringRef HostObject, ArrayRef<DeviceBitcode> Device,
                      StringRef Output) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> HostBuffer =
      MemoryBuffer::getFile(HostObject);
  if (!HostBuffer)
    return createFileError(HostObject, HostBuffer.getError());
  Expected<std::unique_ptr<object::Binary>> Host =
      object::createBinary(**HostBuffer);
  if (!Host)
    return createFileError(HostObject, Host.takeError());

  // The objcopy config refers to section names by StringRef; keep them here.
  std::vector<std::string> SectionNames;
  SectionNames.reserve(Device.size());
  objcopy::ConfigManager Config;
  Config.Common.InputFilename = HostObject;
  Config.Common.OutputFilename = Output;
  for (const DeviceBitcode &D : Device) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Bitcode =
        MemoryBuffer::getFile(D.Path);
    if (!Bitcode)
      return createFileError(D.Path, Bitcode.getError());
    StringRef Name = SectionNames.emplace_back(D.Target->sectionName());
    Config.Common.AddSection.emplace_back(Name, std::move(*Bitcode));
    // Without "readonly" objcopy would also make the section writable.
    Config.Common.SetSectionFlags.try_emplace(
        Name, objcopy::SectionFlagsUpdate{
                  Name, objcopy::SectionFlag::SecExclude |
                            objcopy::SectionFlag::SecReadonly});
  }

  SmallVector<char, 0> Result;
  raw_svector_ostream OS(Result);
  if (Error E = objcopy::executeObjcopyOnBinary(Config, **Host, OS))
    return createFileError(Output, std::move(E));

  // Not FileOutputBuffer: for an output that is not a regular file
  // (/dev/full, a pipe) its commit aborts the driver on a failed write.
  return writeFile(Output, [&](raw_ostream &OS) {
    OS.write(Result.data(), Result.size());
  });
}

static Error readFromObject(MemoryBufferRef Buffer, StringRef Origin,
                            std::vector<EmbeddedDeviceCode> &Found) {
  Expected<std::unique_ptr<object::ObjectFile>> Object =
      object::ObjectFile::createObjectFile(Buffer);
  if (!Object) {
    // Not an object we understand (a member holding data, say): no device
    // code, and the linker will judge the file itself.
    consumeError(Object.takeError());
    return Error::success();
  }
  for (const object::SectionRef &Section : (*Object)->sections()) {
    Expected<StringRef> Name = Section.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (!Name->starts_with(DeviceSectionPrefix))
      continue;
    StringRef TargetName = Name->drop_front(DeviceSectionPrefix.size());
    const TargetInfo *Target = findTarget(TargetName);
    // x86_64's section holds requirements-only bitcode (compile.hpp).
    if (!Target) {
      printWarning("'" + Origin + "' has device code for target '" +
                   TargetName + "', which this usycl++ does not know; "
                   "ignoring it (rebuild the object with this usycl++)");
      continue;
    }
    Expected<StringRef> Contents = Section.getContents();
    if (!Contents)
      return createStringError("'" + Origin + "': cannot read section " +
                               *Name + ": " + toString(Contents.takeError()));
    Found.push_back({Origin.str(), Target,
                     MemoryBuffer::getMemBufferCopy(*Contents, Origin)});
  }
  return Error::success();
}

Expected<std::vector<EmbeddedDeviceCode>>
readEmbeddedDeviceCode(StringRef Path) {
  std::vector<EmbeddedDeviceCode> Found;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return createFileError(Path, Buffer.getError());

  switch (identify_magic((*Buffer)->getBuffer())) {
  case file_magic::elf_relocatable:
    if (Error E = readFromObject(**Buffer, Path, Found))
      return E;
    return Found;
  case file_magic::archive: {
    Expected<std::unique_ptr<object::Archive>> Archive =
        object::Archive::create(**Buffer);
    if (!Archive)
      return createFileError(Path, Archive.takeError());
    Error Err = Error::success();
    for (const object::Archive::Child &Member : (*Archive)->children(Err)) {
      Expected<MemoryBufferRef> MemberBuffer = Member.getMemoryBufferRef();
      if (!MemberBuffer)
        return createFileError(Path, MemberBuffer.takeError());
      if (identify_magic(MemberBuffer->getBuffer()) !=
          file_magic::elf_relocatable)
        continue;
      Expected<StringRef> MemberName = Member.getName();
      std::string Origin =
          (Path + "(" + (MemberName ? *MemberName : StringRef("?")) + ")")
              .str();
      if (!MemberName)
        consumeError(MemberName.takeError());
      if (Error E = readFromObject(*MemberBuffer, Origin, Found))
        return E;
    }
    if (Err)
      return createFileError(Path, std::move(Err));
    return Found;
  }
  default:
    return Found; // shared libraries register their own images
  }
}

} // namespace usycl::driver
