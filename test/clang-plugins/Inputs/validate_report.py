"""Validates a hipify-clang JSON report against docs/hipify-report.schema.json
(python3-jsonschema, which scripts/bootstrap.sh installs), then prints one
line per file (path status hazards unconverted) for FileCheck."""
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
print("attention_first", " ".join(report["attention_first"]))
for entry in report["files"]:
    print("file", entry["path"], entry["status"], "hazards=%d" % entry["hazards"],
          "unconverted=%d" % entry["unconverted"])
    for w in entry["warnings"]:
        print("  %s:%d:%d %s %s %s | %s" % (entry["path"], w["line"], w["column"], w["kind"],
                                        w["severity"], w["check"], w["source_line"].strip()))
