//===- MigrationReport.cpp ------------------------------------------------===//
#include "hipkit/hipify/Report/MigrationReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <tuple>

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
  // Clashing edits leave the translated lines empty; the driver reports the
  // clash itself.
  std::optional<std::string> Translated;
  if (Expected<std::string> Text = FT.apply())
    Translated = std::move(*Text);
  else
    consumeError(Text.takeError());
  std::optional<FileTranslation::TranslatedLines> Lines;
  if (Translated)
    Lines.emplace(FT.translatedLines(*Translated));
  for (const FileWarning &W : FT.warnings()) {
    if (!Selection.Enabled(W.Check))
      continue;
    ReportedWarning R;
    R.Check = W.Check;
    std::tie(R.Line, R.Column) = FT.source().lineAndColumn(W.Offset);
    R.Message = W.Message;
    R.SourceLine = FT.source().lineText(R.Line).str();
    if (auto T = Lines ? Lines->lookup(R.Line) : std::nullopt) {
      R.TranslatedLineNumber = T->Number;
      R.TranslatedLine = std::move(T->Text);
    }
    R.IsHazard = W.IsHazard;
    R.IsError = Selection.AsError(W.Check);
    R.IsNote = W.IsNote;
    File.Warnings.push_back(std::move(R));
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

/// The file statuses, most urgent first (ReportedFile::status()).
constexpr StringLiteral Statuses[] = {"needs-attention", "incomplete",
                                      "translated", "unchanged"};

struct RunSummary {
  TranslationStatistics Total;
  unsigned Hazards = 0, Warnings = 0;
  std::map<std::string, unsigned> ByStatus;
  /// Indices of the files a person should look at, most urgent first:
  /// porting hazards (wrong results), then untranslated references.
  std::vector<size_t> AttentionFirst;
};

RunSummary summarize(const std::vector<ReportedFile> &Files) {
  RunSummary S;
  S.Total.Files = 0;
  for (StringRef Status : Statuses)
    S.ByStatus[Status.str()] = 0;
  for (size_t I = 0; I < Files.size(); ++I) {
    S.Total.add(Files[I].Stats);
    S.Hazards += Files[I].hazards();
    S.Warnings += Files[I].Warnings.size();
    std::string Status = Files[I].status();
    ++S.ByStatus[Status];
    if (Status == "needs-attention" || Status == "incomplete")
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

/// User text as a JSON string. llvm::json takes only UTF-8; a Latin-1 source
/// line (kept byte for byte in the translation) is shown with U+FFFD.
json::Value text(StringRef Text) {
  return json::isUTF8(Text) ? json::Value(Text.str())
                            : json::Value(json::fixUTF8(Text));
}

json::Array texts(const std::vector<std::string> &Texts) {
  json::Array Array;
  for (const std::string &T : Texts)
    Array.push_back(text(T));
  return Array;
}

json::Array librariesJSON(const TranslationStatistics &S) {
  json::Array Libraries;
  for (const auto &[Api, C] : libraryCounts(S))
    Libraries.push_back(json::Object{{"api", text(Api)},
                                     {"converted", C.Converted},
                                     {"unconverted", C.Unconverted}});
  return Libraries;
}

json::Value reportJSON(const ProjectReport &Report) {
  const std::vector<ReportedFile> &Files = Report.Files;
  RunSummary Summary = summarize(Files);
  json::Array FileArray;
  for (const ReportedFile &F : Files) {
    json::Array Warnings;
    for (const ReportedWarning &W : F.Warnings)
      Warnings.push_back(json::Object{
          {"check", text(W.Check)},
          {"kind", W.IsHazard ? "hazard" : "translation"},
          {"severity", W.IsError  ? "error"
                       : W.IsNote ? "note"
                                  : "warning"},
          {"line", W.Line},
          {"column", W.Column},
          {"message", text(W.Message)},
          {"source_line", text(W.SourceLine)},
          {"translated_line",
           W.TranslatedLineNumber
               ? json::Value(json::Object{{"line", W.TranslatedLineNumber},
                                          {"text", text(W.TranslatedLine)}})
               : json::Value(nullptr)}});
    FileArray.push_back(json::Object{
        {"path", text(F.Path)},
        {"output", F.Output.empty() ? json::Value(nullptr) : text(F.Output)},
        {"status", F.status()},
        {"converted", F.Stats.Converted},
        {"unconverted", F.Stats.Unconverted},
        {"hazards", F.hazards()},
        {"libraries", librariesJSON(F.Stats)},
        {"warnings", std::move(Warnings)}});
  }
  json::Array Attention;
  for (size_t I : Summary.AttentionFirst)
    Attention.push_back(text(Files[I].Path));
  json::Object ByStatus;
  for (const auto &[Status, N] : Summary.ByStatus)
    ByStatus[Status] = N;
  json::Array OutsideRoot;
  for (const OutsideRootHeader &H : Report.OutsideRoot)
    OutsideRoot.push_back(json::Object{{"path", text(H.Path)},
                                       {"included_from", text(H.IncludedFrom)},
                                       {"cuda_references", H.CudaReferences},
                                       {"first_names", texts(H.FirstNames)}});
  const RunFacts &Run = Report.Run;
  return json::Object{
      {"format", "hipkit-migration-report"},
      {"version", 2},
      {"run", json::Object{{"hipkit_version", text(Run.HipkitVersion)},
                           {"hip_version", Run.HipVersion.empty()
                                               ? json::Value(nullptr)
                                               : text(Run.HipVersion)},
                           {"options", texts(Run.Options)}}},
      {"summary",
       json::Object{{"files", Files.size()},
                    {"files_needing_attention", Summary.AttentionFirst.size()},
                    {"by_status", std::move(ByStatus)},
                    {"converted", Summary.Total.Converted},
                    {"unconverted", Summary.Total.Unconverted},
                    {"hazards", Summary.Hazards},
                    {"warnings", Summary.Warnings},
                    {"outside_root", Report.OutsideRoot.size()},
                    {"unchanged_since_last_run", Report.Unchanged.size()},
                    {"copied", Report.Copied.size()}}},
      {"attention_first", std::move(Attention)},
      {"libraries", librariesJSON(Summary.Total)},
      {"files", std::move(FileArray)},
      {"outside_root", std::move(OutsideRoot)},
      {"unchanged_since_last_run", texts(Report.Unchanged)},
      {"copied", texts(Report.Copied)}};
}

std::string renderJSON(const ProjectReport &Report) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << formatv("{0:2}", reportJSON(Report)) << "\n";
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

/// "hipkit 0.1; targeted HIP version 6.4; options: `--roc`": the facts of the
/// run, one line.
std::string runFactsLine(const RunFacts &Run,
                         function_ref<std::string(StringRef)> Quote) {
  std::string Line = "hipkit " + Quote(Run.HipkitVersion.empty()
                                           ? StringRef("(unknown version)")
                                           : StringRef(Run.HipkitVersion));
  Line += "; targeted HIP version: " + Quote(Run.HipVersion.empty()
                                                 ? StringRef("unknown")
                                                 : StringRef(Run.HipVersion));
  Line += "; options:";
  if (Run.Options.empty())
    Line += " none";
  for (const std::string &Option : Run.Options)
    Line += " " + Quote(Option);
  return Line;
}

std::string renderMarkdown(const ProjectReport &Report) {
  const std::vector<ReportedFile> &Files = Report.Files;
  RunSummary Summary = summarize(Files);
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "# Migration report (hipify-clang)\n\n"
     << runFactsLine(Report.Run, [](StringRef T) { return codeSpan(T); })
     << "\n\n## Summary\n\n"
     << "| files | need attention | translated references | untranslated "
        "references | porting hazards | warnings | headers outside the root "
        "| unchanged since the last run | copied |\n"
        "|---|---|---|---|---|---|---|---|---|\n"
     << formatv("| {0} | {1} | {2} | {3} | {4} | {5} | {6} | {7} | {8} |\n\n",
                Files.size(), Summary.AttentionFirst.size(),
                Summary.Total.Converted, Summary.Total.Unconverted,
                Summary.Hazards, Summary.Warnings, Report.OutsideRoot.size(),
                Report.Unchanged.size(), Report.Copied.size());
  OS << "| status | files |\n|---|---|\n";
  for (StringRef Status : Statuses)
    OS << formatv("| {0} | {1} |\n", Status, Summary.ByStatus[Status.str()]);
  OS << "\n## Files that need attention first\n\n";
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
  OS << "\n## Headers outside the translated root\n\n";
  if (Report.OutsideRoot.empty())
    OS << "None.\n";
  else
    OS << "Left untranslated: translate them too, or move them under the "
          "root.\n\n| header | first included from | CUDA references | "
          "first names |\n|---|---|---|---|\n";
  for (const OutsideRootHeader &H : Report.OutsideRoot) {
    std::string Names;
    for (const std::string &N : H.FirstNames)
      Names += (Names.empty() ? "" : ", ") + codeSpan(N);
    OS << formatv("| {0} | {1} | {2} | {3} |\n", codeSpan(H.Path),
                  codeSpan(H.IncludedFrom), H.CudaReferences, Names);
  }
  auto PathList = [&](StringRef Title, const std::vector<std::string> &Paths) {
    OS << "\n## " << Title << "\n\n";
    if (Paths.empty())
      OS << "None.\n";
    for (const std::string &P : Paths)
      OS << "- " << codeSpan(P) << "\n";
  };
  PathList("Unchanged since the last run (skipped)", Report.Unchanged);
  PathList("Copied (no CUDA)", Report.Copied);
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
    OS << "\n| location | check | original | translated | what to do |\n"
          "|---|---|---|---|---|\n";
    for (const ReportedWarning &W : F.Warnings)
      OS << formatv("| {0}:{1}:{2} | {3}{4} | {5} | {6} | {7} |\n",
                    cell(F.Path), W.Line, W.Column, cell(W.Check),
                    W.IsError ? " (error)" : "", codeSpan(W.SourceLine),
                    W.TranslatedLineNumber
                        ? formatv("{0}: {1}", W.TranslatedLineNumber,
                                  codeSpan(W.TranslatedLine))
                              .str()
                        : std::string("unknown"),
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

/// JSON inside <script type="application/json">: the element ends at the
/// first "</script", and "<!--" changes how the parser reads on, so '<' is
/// never written raw; '>' and '&' neither, so no reading of the block as HTML
/// can find markup. They only occur inside JSON strings, where \u escapes
/// mean the same.
std::string scriptSafeJSON(const json::Value &Value) {
  std::string Raw;
  raw_string_ostream(Raw) << Value;
  std::string Out;
  for (char C : Raw) {
    if (C == '<')
      Out += "\\u003c";
    else if (C == '>')
      Out += "\\u003e";
    else if (C == '&')
      Out += "\\u0026";
    else
      Out += C;
  }
  return Out;
}

constexpr StringLiteral HtmlStyle = R"css(
body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:90em;padding:0 1em;color:#222}
h1{margin-bottom:.2em}
.run{color:#555;margin-top:0}
.run code{background:#f3f3f3;padding:0 .3em}
section{margin:1.5em 0}
.cards{display:flex;flex-wrap:wrap;gap:.6em}
.card{border:1px solid #ccc;border-radius:6px;padding:.5em .9em;min-width:8em}
.card b{display:block;font-size:1.6em}
.card.needs-attention b{color:#b00}.card.incomplete b{color:#b60}
.card.translated b{color:#070}
.lib{display:grid;grid-template-columns:10em 1fr 18em;gap:.8em;align-items:center;margin:.25em 0}
.bar{display:flex;height:1em;background:#eee;border-radius:3px;overflow:hidden}
.bar .conv{background:#3a3}.bar .unconv{background:#d44}
table{border-collapse:collapse;margin:.6em 0;width:100%}
td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
th button{font:inherit;font-weight:bold;background:none;border:0;cursor:pointer;padding:0}
th[aria-sort=ascending] button::after{content:" \25B2"}
th[aria-sort=descending] button::after{content:" \25BC"}
thead th{position:sticky;top:0;background:#f6f6f6}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.status{font-weight:bold}.status.needs-attention{color:#b00}
.status.incomplete{color:#b60}.status.translated{color:#070}.status.unchanged{color:#777}
.controls{display:flex;gap:1em;align-items:center;flex-wrap:wrap}
.controls input{min-width:20em}
button.toggle{font:inherit;min-width:3.5em}
tr.details>td{background:#fafafa}
.location{margin:.4em 0 .9em}
.location.hazard .check{color:#b00}
.location-head{display:flex;gap:1em;flex-wrap:wrap;margin-bottom:.25em}
.location-head .check{font-weight:bold}
.side-by-side{display:grid;grid-template-columns:1fr 1fr;gap:.5em}
.side-title{font-size:.85em;color:#555}
.side pre{margin:0;padding:.3em;background:#fff;border:1px solid #ddd;overflow-x:auto;white-space:pre}
.side .ln{display:inline-block;min-width:3em;color:#888;user-select:none}
.side.translated pre{background:#f4fff4}
.missing{color:#888;font-style:italic}
:target{outline:2px solid #48f}
)css";

/// Builds the file table and each file's locations from the JSON block with
/// DOM calls and textContent only, so no text from the user is ever parsed
/// as HTML. The view (sort, filters, open files) lives in the URL fragment:
/// "#sort=unconverted&dir=desc&status=incomplete&q=fft&open=3", which makes
/// a view a link to share, and lets a test load one.
constexpr StringLiteral HtmlScript = R"js(
(function () {
'use strict';
var report = JSON.parse(document.getElementById('report-data').textContent);
var files = report.files;
files.forEach(function (f, i) { f.index = i; });
var RANK = {'needs-attention': 0, 'incomplete': 1, 'translated': 2, 'unchanged': 3};
var KEYS = {path: 0, status: 0, converted: 1, unconverted: 1, hazards: 1, warnings: 1, output: 0};
var state = {};
var table = document.getElementById('file-table');
var tbody = table.querySelector('tbody');
var textBox = document.getElementById('filter-text');
var statusBox = document.getElementById('filter-status');
var shown = document.getElementById('shown-count');

function el(tag, className, text) {
  var e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}
function value(f, key) {
  if (key === 'status') return RANK[f.status];
  if (key === 'warnings') return f.warnings.length;
  if (key === 'output') return f.output || '';
  return f[key];
}
function compare(a, b) {
  var x = value(a, state.sort), y = value(b, state.sort);
  var c = typeof x === 'string' ? (x < y ? -1 : x > y ? 1 : 0) : x - y;
  if (state.desc) c = -c;
  if (c === 0 && state.sort === 'status')
    c = (b.hazards - a.hazards) || (b.unconverted - a.unconverted);
  return c || a.index - b.index;
}
function readHash() {
  var p = new URLSearchParams(location.hash.replace(/^#/, ''));
  var sort = p.get('sort');
  state.sort = sort && KEYS.hasOwnProperty(sort) ? sort : 'status';
  state.desc = p.has('dir') ? p.get('dir') === 'desc' : KEYS[state.sort] === 1;
  state.status = RANK.hasOwnProperty(p.get('status')) ? p.get('status') : '';
  state.q = p.get('q') || '';
  state.open = {};
  (p.get('open') || '').split(',').forEach(function (s) {
    var i = Number(s);
    if (s !== '' && i >= 0 && i < files.length) state.open[i] = true;
  });
  state.target = p.get('open') && p.get('line') ?
      'loc-' + Number(p.get('open')) + '-' + Number(p.get('line')) : '';
}
function hashOf(s) {
  var p = new URLSearchParams();
  p.set('sort', s.sort);
  p.set('dir', s.desc ? 'desc' : 'asc');
  if (s.status) p.set('status', s.status);
  if (s.q) p.set('q', s.q);
  var open = Object.keys(s.open);
  if (open.length) p.set('open', open.join(','));
  return '#' + p.toString();
}
function update() {
  try { history.replaceState(null, '', hashOf(state)); } catch (e) {}
  render();
}
function matches(f) {
  if (state.status && f.status !== state.status) return false;
  if (!state.q) return true;
  var q = state.q.toLowerCase();
  return [f.path, f.output || ''].concat(f.warnings.map(function (w) {
    return w.check;
  })).some(function (t) { return t.toLowerCase().indexOf(q) >= 0; });
}
function side(kind, path, line, text) {
  var box = el('div', 'side ' + kind);
  box.appendChild(el('div', 'side-title', kind + ': ' + path + (line ? ':' + line : '')));
  if (!line) {
    box.appendChild(el('div', 'missing', 'not computed'));
    return box;
  }
  var pre = el('pre');
  text.split('\n').forEach(function (t, k) {
    if (k) pre.appendChild(document.createTextNode('\n'));
    pre.appendChild(el('span', 'ln', line + k));
    pre.appendChild(el('span', 'code', t));
  });
  box.appendChild(pre);
  return box;
}
function details(f) {
  var tr = el('tr', 'details');
  var td = el('td');
  td.colSpan = 8;
  f.warnings.forEach(function (w) {
    var box = el('div', 'location ' + w.kind);
    box.id = 'loc-' + f.index + '-' + w.line;
    var head = el('div', 'location-head');
    var link = el('a', 'loc', f.path + ':' + w.line + ':' + w.column);
    link.href = '#open=' + f.index + '&line=' + w.line;
    head.appendChild(link);
    head.appendChild(el('span', 'check', w.check + (w.severity === 'error' ? ' (error)' : '')));
    head.appendChild(el('span', 'message', w.message));
    box.appendChild(head);
    var grid = el('div', 'side-by-side');
    grid.appendChild(side('original', f.path, w.line, w.source_line));
    var t = w.translated_line;
    grid.appendChild(side('translated', f.output || '(not written)', t && t.line, t && t.text));
    box.appendChild(grid);
    td.appendChild(box);
  });
  tr.appendChild(td);
  return tr;
}
function row(f) {
  var tr = el('tr', 'file-row');
  tr.dataset.index = f.index;
  var open = !!state.open[f.index];
  var toggle = el('button', 'toggle', (open ? '\u25BE ' : '\u25B8 ') + f.warnings.length);
  toggle.type = 'button';
  toggle.disabled = !f.warnings.length;
  toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
  toggle.addEventListener('click', function () {
    if (state.open[f.index]) delete state.open[f.index];
    else state.open[f.index] = true;
    update();
  });
  function cell(child, className) {
    var td = el('td', className);
    td.appendChild(child);
    tr.appendChild(td);
  }
  cell(toggle);
  cell(el('code', 'path', f.path));
  cell(el('span', 'status ' + f.status, f.status));
  ['converted', 'unconverted', 'hazards', 'warnings'].forEach(function (k) {
    cell(document.createTextNode(String(value(f, k))), 'n ' + k);
  });
  cell(f.output ? el('code', null, f.output) : el('span', 'missing', 'not written'));
  return tr;
}
function render() {
  textBox.value = state.q;
  statusBox.value = state.status;
  table.querySelectorAll('thead th[data-key]').forEach(function (th) {
    if (th.dataset.key === state.sort)
      th.setAttribute('aria-sort', state.desc ? 'descending' : 'ascending');
    else
      th.removeAttribute('aria-sort');
  });
  var list = files.filter(matches).sort(compare);
  var rows = document.createDocumentFragment();
  list.forEach(function (f) {
    rows.appendChild(row(f));
    if (state.open[f.index]) rows.appendChild(details(f));
  });
  tbody.textContent = '';
  tbody.appendChild(rows);
  shown.textContent = list.length + ' of ' + files.length + ' files';
  var target = state.target && document.getElementById(state.target);
  if (target) target.scrollIntoView();
}
table.querySelectorAll('thead th[data-key]').forEach(function (th) {
  th.querySelector('button').addEventListener('click', function () {
    var key = th.dataset.key;
    state.desc = key === state.sort ? !state.desc : KEYS[key] === 1;
    state.sort = key;
    update();
  });
});
textBox.addEventListener('input', function () { state.q = textBox.value; update(); });
statusBox.addEventListener('change', function () { state.status = statusBox.value; update(); });
window.addEventListener('hashchange', function () { readHash(); render(); });
readHash();
render();
})();
)js";

/// The HTML report's summary cards: files by status and references.
void writeHtmlSummary(raw_ostream &OS, const ProjectReport &Report,
                      const RunSummary &Summary) {
  OS << "<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"cards\">\n";
  auto Card = [&](StringRef Id, StringRef Class, size_t N, StringRef Label) {
    OS << formatv("<div class=\"card {0}\" id=\"count-{1}\"><b>{2}</b>{3}"
                  "</div>\n",
                  Class, Id, N, Label);
  };
  // summarize() counts every status, so each is there.
  auto ByStatus = [&](StringRef Status) {
    return Summary.ByStatus.at(Status.str());
  };
  Card("files", "", Report.Files.size(), "files translated");
  Card("needs-attention", "needs-attention", ByStatus("needs-attention"),
       "need attention (hazards)");
  Card("incomplete", "incomplete", ByStatus("incomplete"),
       "incomplete (names left)");
  Card("translated", "translated", ByStatus("translated"), "fully translated");
  Card("no-change", "", ByStatus("unchanged"), "needed no change");
  Card("unchanged-since-last-run", "", Report.Unchanged.size(),
       "unchanged since the last run");
  Card("copied", "", Report.Copied.size(), "copied (no CUDA)");
  Card("outside-root", Report.OutsideRoot.empty() ? "" : "needs-attention",
       Report.OutsideRoot.size(), "headers outside the root");
  Card("converted", "translated", Summary.Total.Converted,
       "references translated");
  Card("unconverted", "incomplete", Summary.Total.Unconverted,
       "references left");
  Card("hazards", "needs-attention", Summary.Hazards, "porting hazards");
  OS << "</div>\n</section>\n";
}

/// The HTML report's first files to look at, hazards first.
void writeHtmlAttentionFirst(raw_ostream &OS,
                             const std::vector<ReportedFile> &Files,
                             const RunSummary &Summary) {
  OS << "<section id=\"attention-first\">\n<h2>Files that need attention "
        "first</h2>\n";
  if (Summary.AttentionFirst.empty())
    OS << "<p>None.</p>\n";
  else {
    // The first few; the file table, sorted by status as it opens, has all.
    constexpr size_t Shown = 10;
    OS << "<ol>\n";
    for (size_t I :
         ArrayRef(Summary.AttentionFirst)
             .take_front(std::min(Shown, Summary.AttentionFirst.size())))
      OS << formatv("<li><a href=\"#open={0}\"><code>{1}</code></a>: {2} "
                    "porting hazards, {3} untranslated references</li>\n",
                    I, html(Files[I].Path), Files[I].hazards(),
                    Files[I].Stats.Unconverted);
    OS << "</ol>\n";
    if (Summary.AttentionFirst.size() > Shown)
      OS << formatv("<p>and {0} more: the file table below lists them "
                    "first.</p>\n",
                    Summary.AttentionFirst.size() - Shown);
  }
  OS << "</section>\n";
}

/// The HTML report's bars of references per library.
void writeHtmlLibraries(raw_ostream &OS, const RunSummary &Summary) {
  OS << "<section id=\"libraries\">\n<h2>References per library</h2>\n";
  std::map<std::string, LibraryCounts> Libraries = libraryCounts(Summary.Total);
  unsigned Widest = 1;
  for (const auto &[Api, C] : Libraries)
    Widest = std::max(Widest, C.Converted + C.Unconverted);
  if (Libraries.empty())
    OS << "<p>No CUDA references.</p>\n";
  // Bar lengths are to scale across libraries; green translated, red left.
  for (const auto &[Api, C] : Libraries)
    OS << formatv(
        "<div class=\"lib\"><span class=\"lib-name\">{0}</span>"
        "<span class=\"bar\" role=\"img\" aria-label=\"{0}: {1} translated, "
        "{2} untranslated\"><span class=\"conv\" style=\"width:{3:f1}%\">"
        "</span><span class=\"unconv\" style=\"width:{4:f1}%\"></span></span>"
        "<span class=\"lib-counts\">{1} translated, {2} untranslated</span>"
        "</div>\n",
        html(Api), C.Converted, C.Unconverted, 100.0 * C.Converted / Widest,
        100.0 * C.Unconverted / Widest);
  OS << "</section>\n";
}

/// The HTML report's file table: its controls and head; HtmlScript fills
/// the rows from the report's JSON.
void writeHtmlFileTable(raw_ostream &OS) {
  OS << "<section id=\"files\">\n<h2>Files</h2>\n<div class=\"controls\">"
        "<label>Filter <input type=\"search\" id=\"filter-text\" "
        "placeholder=\"path, output or check\"></label>"
        "<label>Status <select id=\"filter-status\"><option value=\"\">all"
        "</option>";
  for (StringRef Status : Statuses)
    OS << formatv("<option value=\"{0}\">{0}</option>", Status);
  OS << "</select></label><span id=\"shown-count\"></span></div>\n"
        "<noscript><p>The file table needs JavaScript; the .json and .md "
        "reports hold the same data.</p></noscript>\n"
        "<table id=\"file-table\">\n<thead><tr><th>locations</th>";
  for (auto [Key, Label] : {std::pair<StringRef, StringRef>{"path", "file"},
                            {"status", "status"},
                            {"converted", "translated"},
                            {"unconverted", "untranslated"},
                            {"hazards", "hazards"},
                            {"warnings", "warnings"},
                            {"output", "output"}})
    OS << formatv("<th data-key=\"{0}\"><button type=\"button\">{1}</button>"
                  "</th>",
                  Key, Label);
  OS << "</tr></thead>\n<tbody></tbody>\n</table>\n</section>\n";
}

/// The HTML report's table of included headers outside the root.
void writeHtmlOutsideRoot(raw_ostream &OS, const ProjectReport &Report) {
  OS << "<section id=\"outside-root\">\n<h2>Headers outside the translated "
        "root</h2>\n";
  if (Report.OutsideRoot.empty())
    OS << "<p>None.</p>\n";
  else {
    OS << "<p>Left untranslated: translate them too, or move them under the "
          "root.</p>\n<table>\n<thead><tr><th>header</th><th>first included "
          "from</th><th>CUDA references</th><th>first names</th></tr>"
          "</thead>\n<tbody>\n";
    for (const OutsideRootHeader &H : Report.OutsideRoot) {
      std::string Names;
      for (const std::string &N : H.FirstNames)
        Names += (Names.empty() ? "" : ", ") + ("<code>" + html(N) + "</code>");
      OS << formatv("<tr><td><code>{0}</code></td><td><code>{1}</code></td>"
                    "<td class=\"n\">{2}</td><td>{3}</td></tr>\n",
                    html(H.Path), html(H.IncludedFrom), H.CudaReferences,
                    Names);
    }
    OS << "</tbody>\n</table>\n";
  }
  OS << "</section>\n";
}

/// An HTML report section listing \p Paths, folded.
void writeHtmlPathList(raw_ostream &OS, StringRef Id, StringRef Title,
                       const std::vector<std::string> &Paths) {
  OS << formatv("<section id=\"{0}\">\n<h2>{1}</h2>\n", Id, Title);
  if (Paths.empty())
    OS << "<p>None.</p>\n";
  else {
    OS << formatv("<details><summary>{0} files</summary>\n<ul>\n",
                  Paths.size());
    for (const std::string &P : Paths)
      OS << "<li><code>" << html(P) << "</code></li>\n";
    OS << "</ul>\n</details>\n";
  }
  OS << "</section>\n";
}

std::string renderHTML(const ProjectReport &Report) {
  RunSummary Summary = summarize(Report.Files);
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
        "<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width\">\n"
        "<title>Migration report (hipify-clang)</title>\n<style>"
     << HtmlStyle
     << "</style>\n</head>\n<body>\n<h1>Migration report (hipify-clang)</h1>\n"
     << "<p class=\"run\">"
     << runFactsLine(Report.Run,
                     [](StringRef T) { return "<code>" + html(T) + "</code>"; })
     << "</p>\n";
  writeHtmlSummary(OS, Report, Summary);
  writeHtmlAttentionFirst(OS, Report.Files, Summary);
  writeHtmlLibraries(OS, Summary);
  writeHtmlFileTable(OS);
  writeHtmlOutsideRoot(OS, Report);
  writeHtmlPathList(OS, "unchanged", "Unchanged since the last run (skipped)",
                    Report.Unchanged);
  writeHtmlPathList(OS, "copied", "Copied (no CUDA)", Report.Copied);
  OS << "<script type=\"application/json\" id=\"report-data\">"
     << scriptSafeJSON(reportJSON(Report)) << "</script>\n<script>"
     << HtmlScript << "</script>\n</body>\n</html>\n";
  return Text;
}

} // namespace

std::string renderReport(const ProjectReport &Report, ReportFormat Format) {
  switch (Format) {
  case ReportFormat::JSON:
    return renderJSON(Report);
  case ReportFormat::Markdown:
    return renderMarkdown(Report);
  case ReportFormat::HTML:
    return renderHTML(Report);
  }
  llvm_unreachable("unknown report format");
}

} // namespace hipkit::hipify
