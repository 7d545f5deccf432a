//===- file_table.cpp - Tables of per-module files ------------------------===//

#include "file_table.hpp"
#include "property_set.hpp" // MalformedFileError

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>

using namespace llvm;

namespace usycl {

bool FileTable::isValidColumnName(StringRef Name) {
  return !Name.empty() && Name.find_first_of("|[]\r\n") == StringRef::npos;
}

bool FileTable::isValidCell(StringRef Cell) {
  return !Cell.empty() && Cell.find_first_of("|\r\n") == StringRef::npos;
}

FileTable::FileTable(std::vector<std::string> Columns)
    : Columns(std::move(Columns)) {
  assert(all_of(this->Columns, isValidColumnName) && "bad column name");
  assert(hasColumn(file_table_columns::Code) && "a table needs a Code column");
}

std::optional<size_t> FileTable::columnIndex(StringRef Name) const {
  for (auto [Index, Column] : enumerate(Columns))
    if (Column == Name)
      return Index;
  return std::nullopt;
}

StringRef FileTable::cell(size_t Row, StringRef Column) const {
  std::optional<size_t> Index = columnIndex(Column);
  assert(Row < Rows.size() && Index && "no such cell");
  return Rows[Row][*Index];
}

Error FileTable::addRow(Row Cells) {
  if (Cells.size() != Columns.size())
    return createStringError("file table row has " + Twine(Cells.size()) +
                             " cells but the table has " +
                             Twine(Columns.size()) + " columns");
  for (const std::string &Cell : Cells)
    if (!isValidCell(Cell))
      return createStringError("file path '" + Cell +
                               "' cannot be stored in a file table (empty, or "
                               "contains '|' or a line break)");
  Rows.push_back(std::move(Cells));
  return Error::success();
}

void FileTable::filterRows(function_ref<bool(const Row &)> Keep) {
  std::erase_if(Rows, [&](const Row &R) { return !Keep(R); });
}

void FileTable::write(raw_ostream &OS) const {
  OS << '[' << join(Columns, "|") << "]\n";
  for (const Row &R : Rows)
    OS << join(R, "|") << '\n';
}

Error FileTable::writeFile(StringRef Path) const {
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

Expected<FileTable> FileTable::parse(StringRef Text, StringRef FileName) {
  auto Fail = [&](unsigned LineNo, const Twine &Message) {
    return make_error<MalformedFileError>(FileName.str(), LineNo, Message.str());
  };

  std::optional<FileTable> Table;
  unsigned LineNo = 0;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    ++LineNo;
    Line.consume_back("\r");
    if (Line.trim().empty())
      continue;

    if (!Table) {
      if (!Line.starts_with("[") || !Line.ends_with("]"))
        return Fail(LineNo, "expected the column header '[Code|...]', found '" +
                                Line + "'");
      SmallVector<StringRef, 4> Names;
      Line.drop_front().drop_back().split(Names, '|');
      StringSet<> Seen;
      for (StringRef Name : Names) {
        if (!isValidColumnName(Name) || Name.contains('\0'))
          return Fail(LineNo, "invalid column name '" + Name + "'");
        if (!Seen.insert(Name).second)
          return Fail(LineNo, "column '" + Name + "' appears twice");
      }
      if (!Seen.contains(file_table_columns::Code))
        return Fail(LineNo, "the file table has no 'Code' column");
      Table.emplace(std::vector<std::string>(Names.begin(), Names.end()));
      continue;
    }

    SmallVector<StringRef, 4> Cells;
    Line.split(Cells, '|');
    if (Cells.size() != Table->Columns.size())
      return Fail(LineNo, "row has " + Twine(Cells.size()) +
                              " cells but the header names " +
                              Twine(Table->Columns.size()) + " columns");
    for (StringRef Cell : Cells) {
      if (Cell.empty())
        return Fail(LineNo, "row has an empty cell");
      // Only one trailing '\r' belongs to the line ending; another one (or a
      // NUL) would be part of a path no tool can write back or open (found
      // by tests/fuzz/file_table: the cell changed on a write/read round trip).
      if (!isValidCell(Cell) || Cell.contains('\0'))
        return Fail(LineNo, "cell '" + Cell.rtrim("\r") +
                                "' holds a carriage return or NUL byte; a cell is "
                                "one file path");
    }
    Table->Rows.emplace_back(Cells.begin(), Cells.end());
  }
  if (!Table)
    return Fail(LineNo ? LineNo : 1,
                "empty file table (expected a '[Code|...]' header line)");
  return std::move(*Table);
}

Expected<FileTable> FileTable::readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return createFileError(Path, Buffer.getError());
  return parse((*Buffer)->getBuffer(), Path);
}

} // namespace usycl
