//===- MigrationReport.cpp ------------------------------------------------===//
#include "hipkit/hipify/MigrationReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;

namespace hipkit::hipify {

unsigned ReportedFile::hazards() const {
  return count_if(Warnings, [](const ReportedWarning &W) { return W.IsHazard; });
}

std::string ReportedFile::status() const {
  if (hazards() || any_of(Warnings, [](const ReportedWarning &W) {
        return W.IsError;
      }))
    return "needs-attention";
  if (Stats.Unconverted)
    return "incomplete";
  if (Stats.ChangedFiles)
    return "translated";
  return "unchanged";
}

ReportedFile reportFile(const FileTranslation &FT,
                        const TranslationStatistics &Stats,
                        const WarningSelection &Selection, StringRef Output) {
  ReportedFile File;
  File.Path = FT.displayPath().str();
  File.Output = Output.str();
  File.Stats = Stats;
  for (const FileWarning &W : FT.warnings()) {
    if (!Selection.Enabled(W.Check))
      continue;
    auto [Line, Column] = FT.lineAndColumn(W.Offset);
    File.Warnings.push_back({W.Check, Line, Column, W.Message,
                             FT.lineText(Line).str(), W.IsHazard,
                             Selection.AsError(W.Check), W.IsNote});
  }
  return File;
}

Expected<ReportFormat> reportFormatFor(StringRef Path) {
  StringRef Extension = sys::path::extension(Path);
  if (Extension.equals_insensitive(".json"))
    return ReportFormat::JSON;
  if (Extension.equals_insensitive(".md"))
    return ReportFormat::Markdown;
  if (Extension.equals_insensitive(".html") ||
      Extension.equals_insensitive(".htm"))
    return ReportFormat::HTML;
  return createStringError(inconvertibleErrorCode(),
                           "--report='" + Path +
                               "': the extension names the format; use "
                               ".json, .md or .html");
}

namespace {

struct LibraryCounts {
  unsigned Converted = 0, Unconverted = 0;
};

std::map<std::string, LibraryCounts>
libraryCounts(const TranslationStatistics &S) {
  std::map<std::string, LibraryCounts> Counts;
  for (const auto &[Api, N] : S.ConvertedByApi)
    Counts[Api].Converted += N;
  for (const auto &[Api, N] : S.UnconvertedByApi)
    Counts[Api].Unconverted += N;
  return Counts;
}

struct RunSummary {
  TranslationStatistics Total;
  unsigned Hazards = 0, Warnings = 0;
  /// Indices of the files a person should look at, most urgent first:
  /// porting hazards (wrong results), then untranslated references.
  std::vector<size_t> AttentionFirst;
};

RunSummary summarize(const std::vector<ReportedFile> &Files) {
  RunSummary S;
  S.Total.Files = 0;
  for (size_t I = 0; I < Files.size(); ++I) {
    S.Total.add(Files[I].Stats);
    S.Hazards += Files[I].hazards();
    S.Warnings += Files[I].Warnings.size();
    if (Files[I].status() == "needs-attention" ||
        Files[I].status() == "incomplete")
      S.AttentionFirst.push_back(I);
  }
  llvm::stable_sort(S.AttentionFirst, [&](size_t A, size_t B) {
    const ReportedFile &FA = Files[A], &FB = Files[B];
    if (FA.hazards() != FB.hazards())
      return FA.hazards() > FB.hazards();
    return FA.Stats.Unconverted > FB.Stats.Unconverted;
  });
  return S;
}

json::Array librariesJSON(const TranslationStatistics &S) {
  json::Array Libraries;
  for (const auto &[Api, C] : libraryCounts(S))
    Libraries.push_back(json::Object{{"api", Api},
                                     {"converted", C.Converted},
                                     {"unconverted", C.Unconverted}});
  return Libraries;
}

std::string renderJSON(const std::vector<ReportedFile> &Files) {
  RunSummary Summary = summarize(Files);
  json::Array FileArray;
  for (const ReportedFile &F : Files) {
    json::Array Warnings;
    for (const ReportedWarning &W : F.Warnings)
      Warnings.push_back(json::Object{
          {"check", W.Check},
          {"kind", W.IsHazard ? "hazard" : "translation"},
          {"severity", W.IsError  ? "error"
                       : W.IsNote ? "note"
                                  : "warning"},
          {"line", W.Line},
          {"column", W.Column},
          {"message", W.Message},
          {"source_line", W.SourceLine}});
    FileArray.push_back(json::Object{
        {"path", F.Path},
        {"output", F.Output.empty() ? json::Value(nullptr)
                                    : json::Value(F.Output)},
        {"status", F.status()},
        {"converted", F.Stats.Converted},
        {"unconverted", F.Stats.Unconverted},
        {"hazards", F.hazards()},
        {"libraries", librariesJSON(F.Stats)},
        {"warnings", std::move(Warnings)}});
  }
  json::Array Attention;
  for (size_t I : Summary.AttentionFirst)
    Attention.push_back(Files[I].Path);
  json::Object Root{
      {"format", "hipkit-migration-report"},
      {"version", 1},
      {"summary", json::Object{{"files", Files.size()},
                               {"files_needing_attention",
                                Summary.AttentionFirst.size()},
                               {"converted", Summary.Total.Converted},
                               {"unconverted", Summary.Total.Unconverted},
                               {"hazards", Summary.Hazards},
                               {"warnings", Summary.Warnings}}},
      {"attention_first", std::move(Attention)},
      {"libraries", librariesJSON(Summary.Total)},
      {"files", std::move(FileArray)}};
  std::string Text;
  raw_string_ostream OS(Text);
  OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
  return Text;
}

/// A line break in user text (a file name may hold one) would end a table
/// row or a heading: shown as a visible symbol instead.
void appendLineBreakSymbol(std::string &Out, char C) {
  Out += C == '\n' ? "\u2424" : "\u240D";
}

/// User text (file names, messages, check names) in markdown outside a code
/// span. Renderers pass raw HTML through, so a file named
/// `<img src=x onerror=...>.cu` would become live HTML: <, > and & become
/// entities, as in the HTML report. Markdown's own punctuation is
/// backslash-escaped so it cannot start a code span, a link or emphasis, and
/// '|' so it cannot end a table cell.
std::string cell(StringRef Text) {
  std::string Out;
  for (char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '\n':
    case '\r':
      appendLineBreakSymbol(Out, C);
      break;
    default:
      if (StringRef("\\`*_[]#!~|").contains(C))
        Out += '\\';
      Out += C;
    }
  }
  return Out;
}

/// User text as a code span. Its content is literal (no HTML, no escapes),
/// so only three things need care: the span is delimited by more backticks
/// than the text contains in a row, a line break becomes a visible symbol,
/// and '|' is written "\|", which GitHub's tables require even inside code.
std::string codeSpan(StringRef Text) {
  size_t Longest = 0, Run = 0;
  std::string Body;
  for (char C : Text.trim()) {
    Run = C == '`' ? Run + 1 : 0;
    Longest = std::max(Longest, Run);
    if (C == '\n' || C == '\r')
      appendLineBreakSymbol(Body, C);
    else if (C == '|')
      Body += "\\|";
    else
      Body += C;
  }
  std::string Ticks(Longest + 1, '`');
  // A space between the fence and a backtick of the text keeps them apart;
  // CommonMark strips one space from each side, so the span shows the text.
  bool Pad = !Body.empty() && (Body.front() == '`' || Body.back() == '`');
  return Ticks + (Pad ? " " : "") + Body + (Pad ? " " : "") + Ticks;
}

std::string renderMarkdown(const std::vector<ReportedFile> &Files) {
  RunSummary Summary = summarize(Files);
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "# Migration report (hipify-clang)\n\n## Summary\n\n"
     << "| files | need attention | translated references | untranslated "
        "references | porting hazards | warnings |\n|---|---|---|---|---|---|\n"
     << formatv("| {0} | {1} | {2} | {3} | {4} | {5} |\n\n", Files.size(),
                Summary.AttentionFirst.size(), Summary.Total.Converted,
                Summary.Total.Unconverted, Summary.Hazards, Summary.Warnings);
  OS << "## Files that need attention first\n\n";
  if (Summary.AttentionFirst.empty())
    OS << "None.\n";
  for (size_t I : Summary.AttentionFirst)
    OS << formatv("1. {0}: {1} porting hazards, {2} untranslated references\n",
                  codeSpan(Files[I].Path), Files[I].hazards(),
                  Files[I].Stats.Unconverted);
  OS << "\n## References per library\n\n| API | translated | untranslated "
        "|\n|---|---|---|\n";
  for (const auto &[Api, C] : libraryCounts(Summary.Total))
    OS << formatv("| {0} | {1} | {2} |\n", cell(Api), C.Converted,
                  C.Unconverted);
  OS << "\n## Files\n";
  for (const ReportedFile &F : Files) {
    OS << formatv("\n### {0}\n\nStatus: **{1}**; output: {2}; {3} translated, "
                  "{4} untranslated references, {5} porting hazards.\n",
                  codeSpan(F.Path), F.status(),
                  F.Output.empty() ? std::string("not written")
                                   : codeSpan(F.Output),
                  F.Stats.Converted, F.Stats.Unconverted, F.hazards());
    if (F.Warnings.empty())
      continue;
    OS << "\n| location | check | source | what to do |\n|---|---|---|---|\n";
    for (const ReportedWarning &W : F.Warnings)
      OS << formatv("| {0}:{1}:{2} | {3}{4} | {5} | {6} |\n", cell(F.Path),
                    W.Line, W.Column, cell(W.Check),
                    W.IsError ? " (error)" : "", codeSpan(W.SourceLine),
                    cell(W.Message));
  }
  return Text;
}

std::string html(StringRef Text) {
  std::string Out;
  for (char C : Text) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&#39;"; break;
    default: Out += C;
    }
  }
  return Out;
}

std::string renderHTML(const std::vector<ReportedFile> &Files) {
  RunSummary Summary = summarize(Files);
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<title>Migration report (hipify-clang)</title>\n<style>\n"
        "body{font-family:sans-serif;margin:2em;max-width:80em}\n"
        "table{border-collapse:collapse;margin:1em 0}\n"
        "td,th{border:1px solid #bbb;padding:.3em .6em;text-align:left;"
        "vertical-align:top}\n"
        "code,pre{font-family:monospace;white-space:pre-wrap}\n"
        ".needs-attention{color:#a00;font-weight:bold}"
        ".incomplete{color:#a60}.translated{color:#070}\n"
        "</style>\n</head>\n<body>\n<h1>Migration report (hipify-clang)</h1>\n";
  OS << "<section id=\"summary\">\n<h2>Summary</h2>\n<table>\n"
     << formatv("<tr><th>files</th><td>{0}</td></tr>\n"
                "<tr><th>need attention</th><td>{1}</td></tr>\n"
                "<tr><th>translated references</th><td>{2}</td></tr>\n"
                "<tr><th>untranslated references</th><td>{3}</td></tr>\n"
                "<tr><th>porting hazards</th><td>{4}</td></tr>\n"
                "<tr><th>warnings</th><td>{5}</td></tr>\n",
                Files.size(), Summary.AttentionFirst.size(),
                Summary.Total.Converted, Summary.Total.Unconverted,
                Summary.Hazards, Summary.Warnings)
     << "</table>\n</section>\n";
  OS << "<section id=\"attention-first\">\n<h2>Files that need attention "
        "first</h2>\n";
  if (Summary.AttentionFirst.empty())
    OS << "<p>None.</p>\n";
  else {
    OS << "<ol>\n";
    for (size_t I : Summary.AttentionFirst)
      OS << formatv("<li><a href=\"#file-{0}\"><code>{1}</code></a>: {2} "
                    "porting hazards, {3} untranslated references</li>\n",
                    I, html(Files[I].Path), Files[I].hazards(),
                    Files[I].Stats.Unconverted);
    OS << "</ol>\n";
  }
  OS << "</section>\n<section id=\"libraries\">\n<h2>References per "
        "library</h2>\n<table>\n<tr><th>API</th><th>translated</th>"
        "<th>untranslated</th></tr>\n";
  for (const auto &[Api, C] : libraryCounts(Summary.Total))
    OS << formatv("<tr><td>{0}</td><td>{1}</td><td>{2}</td></tr>\n", html(Api),
                  C.Converted, C.Unconverted);
  OS << "</table>\n</section>\n<section id=\"files\">\n<h2>Files</h2>\n"
        "<table>\n<tr><th>file</th><th>status</th><th>output</th>"
        "<th>translated</th><th>untranslated</th><th>hazards</th></tr>\n";
  for (size_t I = 0; I < Files.size(); ++I) {
    const ReportedFile &F = Files[I];
    OS << formatv("<tr><td><a href=\"#file-{0}\"><code>{1}</code></a></td>"
                  "<td class=\"{2}\">{2}</td><td>{3}</td><td>{4}</td>"
                  "<td>{5}</td><td>{6}</td></tr>\n",
                  I, html(F.Path), F.status(),
                  F.Output.empty() ? std::string("not written")
                                   : "<code>" + html(F.Output) + "</code>",
                  F.Stats.Converted, F.Stats.Unconverted, F.hazards());
  }
  OS << "</table>\n</section>\n<section id=\"details\">\n<h2>Hazards and "
        "warnings</h2>\n";
  for (size_t I = 0; I < Files.size(); ++I) {
    const ReportedFile &F = Files[I];
    OS << formatv("<section class=\"file\" id=\"file-{0}\">\n<h3><code>{1}"
                  "</code></h3>\n",
                  I, html(F.Path));
    if (F.Warnings.empty()) {
      OS << "<p>No warnings.</p>\n</section>\n";
      continue;
    }
    OS << "<table>\n<tr><th>location</th><th>check</th><th>source</th>"
          "<th>what to do</th></tr>\n";
    for (const ReportedWarning &W : F.Warnings)
      OS << formatv("<tr class=\"{0}\"><td>{1}:{2}:{3}</td><td>{4}{5}</td>"
                    "<td><pre>{6}</pre></td><td>{7}</td></tr>\n",
                    W.IsHazard ? "hazard" : "translation", html(F.Path),
                    W.Line, W.Column, html(W.Check),
                    W.IsError ? " (error)" : "", html(W.SourceLine),
                    html(W.Message));
    OS << "</table>\n</section>\n";
  }
  OS << "</section>\n</body>\n</html>\n";
  return Text;
}

} // namespace

std::string renderReport(const std::vector<ReportedFile> &Files,
                         ReportFormat Format) {
  switch (Format) {
  case ReportFormat::JSON:
    return renderJSON(Files);
  case ReportFormat::Markdown:
    return renderMarkdown(Files);
  case ReportFormat::HTML:
    return renderHTML(Files);
  }
  llvm_unreachable("unknown report format");
}

} // namespace hipkit::hipify
