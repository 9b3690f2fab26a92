"""Verdicts of Python's jsonschema (Draft 2020-12) on JSON texts, against the emitted JSON Schema files.

Usage: python3 jsonschema_verdicts.py DIST_SCHEMAS_DIR < cases.jsonl

Each input line is {"schema": NAME, "text": JSON_TEXT}, NAME being a file's path under the directory without
".json" ("messages-request", "params/getPresetVersion"). The first output line describes the run
({"jsonschema": VERSION, "schemas": COUNT}); then one line per input: true or false.
"""

import json
import sys
from importlib.metadata import version
from pathlib import Path

from jsonschema import Draft202012Validator


def load_validators(schema_dir):
    validators = {}
    for path in sorted(schema_dir.rglob("*.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        # Each file must itself be a valid 2020-12 schema before it may judge anything.
        Draft202012Validator.check_schema(schema)
        name = path.relative_to(schema_dir).with_suffix("").as_posix()
        validators[name] = Draft202012Validator(schema)
    return validators


def main():
    validators = load_validators(Path(sys.argv[1]))
    print(json.dumps({"jsonschema": version("jsonschema"), "schemas": len(validators)}), flush=True)
    for line in sys.stdin:
        case = json.loads(line)
        value = json.loads(case["text"])
        print(json.dumps(validators[case["schema"]].is_valid(value)))


if __name__ == "__main__":
    main()
