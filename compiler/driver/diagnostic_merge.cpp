//===- diagnostic_merge.cpp - One report from several passes --------------===//

#include "diagnostic_merge.hpp"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Regex.h"

#include <set>
#include <vector>

using namespace llvm;

namespace usycl::driver {

namespace {

// Colors (clang writes them when usycl++'s stderr is a terminal) must not
// hide the structure of a line.
std::string withoutAnsiEscapes(StringRef Line) {
  std::string Plain;
  for (size_t I = 0; I < Line.size(); ++I) {
    if (Line[I] == '\x1b' && I + 1 < Line.size() && Line[I + 1] == '[') {
      I += 2;
      while (I < Line.size() && !(Line[I] >= '@' && Line[I] <= '~'))
        ++I;
      continue;
    }
    Plain += Line[I];
  }
  return Plain;
}

enum class LineKind { Include, Diagnostic, Note, Summary, Other };

LineKind classify(StringRef RawLine) {
  static const Regex Diagnostic(
      "^([^ ].*:[0-9]+:[0-9]+|[^ :]*clang[^ :]*): "
      "(warning|error|fatal error|remark): ");
  static const Regex Note("^[^ ].*:[0-9]+:[0-9]+: note: ");
  static const Regex Summary("^[0-9]+ (warning|error)s?( and [0-9]+ "
                             "(warning|error)s?)? generated\\.$");
  std::string Line = withoutAnsiEscapes(RawLine);
  if (StringRef(Line).starts_with("In file included from ") ||
      StringRef(Line).starts_with("                 from "))
    return LineKind::Include;
  if (Diagnostic.match(Line))
    return LineKind::Diagnostic;
  if (Note.match(Line))
    return LineKind::Note;
  if (Summary.match(Line))
    return LineKind::Summary;
  return LineKind::Other;
}

struct Piece {
  std::string Text;
  bool IsDiagnostic = false; // false: text outside any diagnostic
  bool IsSummary = false;
};

std::vector<Piece> splitIntoPieces(StringRef Output) {
  std::vector<Piece> Pieces;
  bool InDiagnostic = false;
  bool PendingIncludes = false;
  SmallVector<StringRef, 64> Lines;
  Output.split(Lines, '\n');
  for (auto [Index, Line] : enumerate(Lines)) {
    bool Last = Index + 1 == Lines.size();
    if (Last && Line.empty())
      break; // the text after the final newline
    std::string Text = Line.str();
    if (!Last)
      Text += '\n';
    switch (classify(Line)) {
    case LineKind::Include:
      if (!PendingIncludes)
        Pieces.push_back({"", true});
      Pieces.back().Text += Text;
      PendingIncludes = InDiagnostic = true;
      continue;
    case LineKind::Diagnostic:
      if (!PendingIncludes)
        Pieces.push_back({"", true});
      Pieces.back().Text += Text;
      PendingIncludes = false;
      InDiagnostic = true;
      continue;
    case LineKind::Summary:
      Pieces.push_back({Text, false, true});
      PendingIncludes = InDiagnostic = false;
      continue;
    case LineKind::Note:
    case LineKind::Other:
      if (!InDiagnostic)
        Pieces.push_back({"", false});
      Pieces.back().Text += Text;
      continue;
    }
  }
  return Pieces;
}

// The first line of a diagnostic piece, without colours.
std::string mainLine(StringRef Piece) {
  return withoutAnsiEscapes(Piece.split('\n').first);
}

} // namespace

std::string deviceCodeRuleErrors(StringRef Output) {
  // The plugin's messages (restrictions.cpp, kernel_captures.cpp,
  // kernel_name_conflicts.cpp), and clang's own for a kernel name two
  // kernels use (reported with the plugin's, which says where).
  static const Regex Rule(
      ": error: (SYCL kernel cannot |kernel '.*' (captures '|has the "
      "(reference )?member '|is an object of type ')|kernel name '.*' is "
      "already the name of another kernel|the 'clang::sycl_kernel_entry_point' "
      "kernel name argument conflicts)");
  std::string Result;
  unsigned Count = 0;
  for (const Piece &P : splitIntoPieces(Output))
    if (P.IsDiagnostic && Rule.match(mainLine(P.Text))) {
      Result += P.Text;
      ++Count;
    }
  if (Count)
    Result += std::to_string(Count) + (Count == 1 ? " error" : " errors") +
              " generated.\n";
  return Result;
}

namespace {

// "warning: <message>" of a diagnostic piece: its main line from the
// severity on, without location or colours.
std::string severityAndMessage(StringRef Piece) {
  static const Regex Severity(": (warning|error|fatal error|remark): ");
  SmallVector<StringRef, 16> Lines;
  Piece.split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (classify(Line) != LineKind::Diagnostic)
      continue;
    std::string Plain = withoutAnsiEscapes(Line);
    SmallVector<StringRef, 2> Match;
    if (Severity.match(Plain, &Match))
      return StringRef(Plain).substr(StringRef(Plain).find(Match[0]) + 2).str();
    return Plain;
  }
  return Piece.str();
}

std::string withoutRepeated(StringRef Output, ArrayRef<std::string> AlreadyPrinted,
                            function_ref<std::string(StringRef)> Key) {
  std::set<std::string> Seen;
  for (const std::string &Printed : AlreadyPrinted)
    for (Piece &P : splitIntoPieces(Printed))
      if (P.IsDiagnostic)
        Seen.insert(Key(P.Text));

  std::vector<Piece> Pieces = splitIntoPieces(Output);
  bool DroppedAny = false;
  std::string Result;
  for (const Piece &P : Pieces) {
    if (P.IsDiagnostic && Seen.count(Key(P.Text))) {
      DroppedAny = true;
      continue;
    }
    if (!P.IsSummary)
      Result += P.Text;
  }
  if (!DroppedAny)
    return Output.str(); // untouched, summary included
  return Result;
}

} // namespace

std::string withoutRepeatedDiagnostics(StringRef Output,
                                       ArrayRef<std::string> AlreadyPrinted) {
  return withoutRepeated(Output, AlreadyPrinted,
                         [](StringRef Piece) { return Piece.str(); });
}

std::string withoutRepeatedMessages(StringRef Output,
                                    ArrayRef<std::string> AlreadyPrinted) {
  return withoutRepeated(Output, AlreadyPrinted, severityAndMessage);
}

} // namespace usycl::driver
