"""Validates a hipify-clang JSON report against docs/hipify-report.schema.json
(python3-jsonschema, which scripts/bootstrap.sh installs), then prints one
line per file (path status hazards unconverted), per location (the original
and the translated line) and per other listed file, for FileCheck."""
import json
import sys

import jsonschema

schema_path, report_path = sys.argv[1], sys.argv[2]
with open(schema_path) as f:
    schema = json.load(f)
with open(report_path) as f:
    report = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(report), key=str)
for error in errors:
    print("schema error at /%s: %s" % ("/".join(map(str, error.path)), error.message))
if errors:
    sys.exit(1)
print("valid")
run = report["run"]
print("run hip=%s options=%s" % (run["hip_version"], " ".join(run["options"])))
print("attention_first", " ".join(report["attention_first"]))
for entry in report["files"]:
    print("file", entry["path"], entry["status"], "hazards=%d" % entry["hazards"],
          "unconverted=%d" % entry["unconverted"])
    for w in entry["warnings"]:
        print("  %s:%d:%d %s %s %s | %s" % (entry["path"], w["line"], w["column"], w["kind"],
                                        w["severity"], w["check"], w["source_line"].strip()))
        t = w["translated_line"]
        if t:
            print("    -> %d | %s" % (t["line"], t["text"].strip()))
for h in report["outside_root"]:
    print("outside_root", h["path"], "from", h["included_from"], h["cuda_references"],
          ",".join(h["first_names"]))
for key in ("unchanged_since_last_run", "copied"):
    for path in report[key]:
        print(key, path)
