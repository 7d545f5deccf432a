//===- specialization_plan.cpp - Host-to-device specialisation plan -------===//

#include "specialization_plan.hpp"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

using namespace llvm;

namespace usycl::passes {

Expected<std::vector<KernelSpecialization>> parseSpecializationPlan(StringRef Text,
                                                                    StringRef Origin) {
  std::vector<KernelSpecialization> Plan;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  bool SawHeader = false, InKernel = false;
  int Version = 0;
  for (auto [Index, RawLine] : enumerate(Lines)) {
    StringRef Line = RawLine.trim();
    auto Fail = [&, Index = Index](const Twine &Why) {
      return createStringError(inconvertibleErrorCode(),
                               Origin + ":" + Twine(Index + 1) + ": " + Why);
    };
    if (Line.empty())
      continue;
    SmallVector<StringRef, 8> T;
    Line.split(T, ' ', -1, /*KeepEmpty=*/false);
    if (!SawHeader) {
      if (T.size() != 2 || T[0] != "usycl-specialization-plan")
        return Fail("not a specialisation plan (expected 'usycl-specialization-plan 1')");
      if (T[1] != "1" && T[1] != "2")
        return Fail("plan version " + T[1] + " is not supported (this compiler reads 1 and 2)");
      Version = T[1] == "1" ? 1 : 2;
      SawHeader = true;
      continue;
    }
    if (T[0] == "kernel") {
      if (InKernel)
        return Fail("'kernel' before the previous record's 'end'");
      KernelSpecialization S;
      if (T.size() != 6 || T[2] != "clone" || T[4] != "object-size" ||
          T[5].getAsInteger(10, S.ObjectSize) || S.ObjectSize == 0)
        return Fail("expected 'kernel <symbol> clone <symbol> object-size <bytes>'");
      S.Kernel = T[1].str();
      Plan.push_back(std::move(S));
      InKernel = true;
    } else if (T[0] == "range") {
      if (!InKernel)
        return Fail("'range' outside a kernel record");
      if (Version < 2)
        return Fail("'range' needs plan version 2");
      KernelSpecialization &S = Plan.back();
      if (S.Range || !S.Folds.empty())
        return Fail("a kernel record has one 'range' line, before its folds");
      const char *Expected =
          "expected 'range <dims> global <g...>|any [local <l...>] offset <o...>' (dims 1..3, "
          "global and local sizes not 0, global a multiple of local)";
      KernelRange R;
      if (T.size() < 4 || T[1].getAsInteger(10, R.Dims) || R.Dims < 1 || R.Dims > 3 ||
          T[2] != "global")
        return Fail(Expected);
      R.GlobalKnown = T[3] != "any";
      // Words after `global`: the global size (or `any`), then the keywords
      // and their values.
      const size_t GlobalWords = R.GlobalKnown ? R.Dims : 1;
      R.Nd = T.size() == 5 + GlobalWords + 2 * size_t(R.Dims);
      if ((!R.Nd && T.size() != 4 + GlobalWords + size_t(R.Dims)) ||
          (R.Nd && T[3 + GlobalWords] != "local") || T[T.size() - 1 - R.Dims] != "offset")
        return Fail(Expected);
      size_t At = 3;
      auto Values = [&](uint64_t *Out) {
        for (uint32_t D = 0; D < R.Dims; ++D)
          if (T[At++].getAsInteger(10, Out[D]))
            return false;
        ++At; // the next keyword
        return true;
      };
      if (!R.GlobalKnown)
        At += 2; // `any` and `local` or `offset`
      if ((R.GlobalKnown && !Values(R.Global)) || (R.Nd && !Values(R.Local)) ||
          !Values(R.Offset))
        return Fail(Expected);
      for (uint32_t D = 0; D < R.Dims; ++D)
        if ((R.GlobalKnown && !R.Global[D]) || (R.Nd && !R.Local[D]) ||
            (R.Nd && R.GlobalKnown && R.Global[D] % R.Local[D]))
          return Fail(Expected);
      S.Range = R;
    } else if (T[0] == "fold") {
      if (!InKernel)
        return Fail("'fold' outside a kernel record");
      KernelFold F;
      uint32_t Size = 0;
      std::string Bytes;
      if (T.size() != 4 || T[1].getAsInteger(10, F.Offset) || T[2].getAsInteger(10, Size) ||
          Size == 0 || T[3].size() != 2 * size_t(Size) || !tryGetFromHex(T[3], Bytes))
        return Fail("expected 'fold <offset> <size> <2*size hex digits>'");
      F.Bytes.assign(Bytes.begin(), Bytes.end());
      KernelSpecialization &S = Plan.back();
      if (uint64_t(F.Offset) + Size > S.ObjectSize)
        return Fail("fold at offset " + Twine(F.Offset) + " of " + Twine(Size) +
                    " bytes lies outside the " + Twine(S.ObjectSize) + "-byte kernel object");
      if (!S.Folds.empty() &&
          S.Folds.back().Offset + S.Folds.back().Bytes.size() > F.Offset)
        return Fail("folds must be sorted by offset and must not overlap");
      S.Folds.push_back(std::move(F));
    } else if (T[0] == "end") {
      if (!InKernel)
        return Fail("'end' outside a kernel record");
      if (Plan.back().Folds.empty() && !Plan.back().Range)
        return Fail("kernel record without a range or folds");
      InKernel = false;
    } else {
      return Fail("unknown record '" + T[0] + "'");
    }
  }
  if (!SawHeader)
    return createStringError(inconvertibleErrorCode(),
                             Origin + ": empty file, not a specialisation plan");
  if (InKernel)
    return createStringError(inconvertibleErrorCode(),
                             Origin + ": the last kernel record has no 'end'");
  return Plan;
}

Expected<std::vector<KernelSpecialization>> readSpecializationPlan(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return createStringError(Buffer.getError(), "cannot read the specialisation plan '" +
                                                    Path + "': " +
                                                    Buffer.getError().message());
  return parseSpecializationPlan((*Buffer)->getBuffer(), Path);
}

std::string cloneSymbol(const KernelSpecialization &S) {
  std::string Key = std::to_string(S.ObjectSize);
  // (Without a range, the key of version 1: the same symbols as before.)
  if (const std::optional<KernelRange> &R = S.Range) {
    Key += R->Nd ? ";nd_range" : ";range";
    if (!R->GlobalKnown)
      Key += ";global-any";
    for (const uint64_t *V : {R->Global, R->Local, R->Offset})
      for (unsigned D = 0; D < 3; ++D)
        Key += ":" + std::to_string(V[D]);
  }
  for (const KernelFold &F : S.Folds) {
    Key += ";" + std::to_string(F.Offset) + ":";
    Key += toHex(ArrayRef<uint8_t>(F.Bytes), /*LowerCase=*/true);
  }
  return S.Kernel + "$hdo" + utohexstr(xxh3_64bits(Key), /*LowerCase=*/true, /*Width=*/16);
}

} // namespace usycl::passes
