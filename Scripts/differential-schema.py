#!/usr/bin/env python3
"""Differential test of ContractSchema against reference validators on real-world component schemas.

For component schemas of the documents in ../shared/corpora/real-world (Box, Discord and Museum in
full, a seeded sample of Kubernetes and Twilio), it builds instances: valid ones (hypothesis-jsonschema
where it can handle the schema, the schema's own examples, and a small synthesizer below) and broken
ones (each location of a valid instance set to null, 7, "x", [], {} and true, each property removed,
an unknown one added). The reference judges each (jsonschema Draft202012Validator with its format
checker for OpenAPI 3.1; openapi-schema-validator OAS30WriteValidator/OAS30ReadValidator for 3.0 and
Swagger 2.0, as a request or a response in turn), and so does
ContractSchema through `contract-bench verdicts`. Every disagreement is printed; the ones this project
has shown to be the reference's bug (see KNOWN below and Docs/ContractSchema.md) are counted apart.

Formats that the reference cannot check here (jsonschema only checks those whose helper packages are
installed) are switched off on our side too, so both judge the same thing; they are listed.

Usage: Scripts/differential-schema.py [--contract-bench PATH] [--corpora DIR] [--seed N]
       [--scale F] [--generate-seconds S] [--report FILE] [--strict]
Needs: pip install jsonschema openapi-schema-validator hypothesis-jsonschema
Exit status: 0 when every disagreement is a known reference bug (or there are none), 1 otherwise
(with --strict, 1 on any disagreement).
"""

import argparse
import copy
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import unicodedata
import warnings
from pathlib import Path

import jsonschema
import openapi_schema_validator as oas

ROOT = Path(__file__).resolve().parent.parent
OURS_FORMATS = {
    "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
    "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "json-pointer",
    "relative-json-pointer", "regex", "byte", "int32", "int64", "float", "double",
}
# (document, share of its component schemas to take); a share below 1 is a seeded sample.
DOCUMENTS = [
    ("box/openapi.json", 1.0),
    ("discord/openapi.json", 1.0),
    ("museum/openapi.yaml", 1.0),
    ("kubernetes/swagger.json", 0.08),
    ("twilio/twilio_api_v2010.yaml", 0.25),
    ("twilio/twilio_messaging_v1.yaml", 0.25),
]
MUTANTS = [None, 7, "x", [], {}, True]


def known_reference_bug(entry):
    """Why the reference is wrong on this disagreement, or None. See Docs/ContractSchema.md."""
    strings = [text for text in strings_in(entry["instance"])]
    non_ascii_digit = any(unicodedata.category(ch) == "Nd" and not ch.isascii() for text in strings for ch in text)
    if entry["ours"] == "invalid" and entry["reference"] == "valid" and "\\d" in entry["ours_error"] \
            and non_ascii_digit:
        # Python's re matches any Unicode digit with \d; in ECMA-262 (CharacterClassEscape d) it is
        # 0-9 only, and pattern is ECMA-262 (JSON Schema 2020-12 Validation 6.3.3, Core 6.4).
        return "reference's \\d matches non-ASCII digits (Python re); ECMA-262 \\d is [0-9] (Validation 6.3.3)"
    return None


def strings_in(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, child in value.items():
            yield key
            yield from strings_in(child)
    elif isinstance(value, list):
        for child in value:
            yield from strings_in(child)


# -- documents and schemas ---------------------------------------------------------------------

def load_document(bench, path):
    if path.suffix == ".json":
        return json.loads(path.read_text())
    # YAML is read by our own loader, so the script needs no YAML package.
    out = subprocess.run([bench, "verdicts", "--json", str(path)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def components(document):
    if "definitions" in document and "swagger" in document:
        return "#/definitions/", document["definitions"]
    return "#/components/schemas/", document.get("components", {}).get("schemas", {})


def refs_in(value):
    if isinstance(value, dict):
        ref = value.get("$ref")
        if isinstance(ref, str):
            yield ref
        for child in value.values():
            yield from refs_in(child)
    elif isinstance(value, list):
        for child in value:
            yield from refs_in(child)


def closure(prefix, schemas, name):
    """The names of the component schemas reachable from `name`, and whether a cycle is among them."""
    seen, stack, cyclic = set(), [name], False
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        for ref in refs_in(schemas.get(current, {})):
            if ref.startswith(prefix):
                target = ref[len(prefix):].replace("~1", "/").replace("~0", "~")
                if target == name:
                    cyclic = True
                stack.append(target)
    return seen, cyclic


def bundle(prefix, schemas, name, names):
    """A self-contained schema: `$ref` to `name`, the reachable components beside it."""
    parts = [part for part in prefix.strip("#/").split("/") if part]
    holder = {key: schemas[key] for key in names if key in schemas}
    root = {"$ref": prefix + name.replace("~", "~0").replace("/", "~1")}
    if len(parts) == 1:
        root[parts[0]] = holder
    else:
        root[parts[0]] = {parts[1]: holder}
    return root


# -- reference ---------------------------------------------------------------------------------

class Reference:
    """The reference validator classes by validation context.

    OpenAPI 3.0 instances are judged as a request (OAS30WriteValidator: a readOnly property is an
    error, a required readOnly property may be missing) or a response (OAS30ReadValidator: the same
    for writeOnly), matching our `.request`/`.response`; plain OAS30Validator excuses a missing
    required property that is readOnly or writeOnly in any context, which no context of ours does.
    """

    def __init__(self, dialect):
        self.dialect = dialect
        if dialect == "2020-12":
            self.classes = {"none": jsonschema.Draft202012Validator}
            self.checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
        else:
            self.classes = {"request": oas.OAS30WriteValidator, "response": oas.OAS30ReadValidator}
            self.checker = oas.oas30_format_checker
        self.contexts = sorted(self.classes)
        self.checked_formats = set(self.checker.checkers)

    def validators(self, schema):
        return {context: cls(schema, format_checker=self.checker) for context, cls in self.classes.items()}

    @staticmethod
    def verdict(validator, instance):
        try:
            error = jsonschema.exceptions.best_match(validator.iter_errors(instance))
        except Exception as exception:  # noqa: BLE001 - a crash of the reference is a verdict of its own
            return "error", f"reference raised {type(exception).__name__}: {exception}"
        if error is None:
            return "valid", ""
        return "invalid", f"{error.json_path}: {error.message[:160]}"


# -- instances ---------------------------------------------------------------------------------

def synthesize(schema, schemas, prefix, rng, depth=0):
    """A plausible instance for `schema` (not always valid: the reference decides)."""
    if depth > 8 or not isinstance(schema, dict):
        return None
    if "$ref" in schema and isinstance(schema["$ref"], str) and schema["$ref"].startswith(prefix):
        name = schema["$ref"][len(prefix):].replace("~1", "/").replace("~0", "~")
        return synthesize(schemas.get(name, {}), schemas, prefix, rng, depth + 1)
    for key in ("example", "const", "default"):
        if key in schema:
            return copy.deepcopy(schema[key])
    if isinstance(schema.get("examples"), list) and schema["examples"]:
        return copy.deepcopy(schema["examples"][0])
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return copy.deepcopy(rng.choice(schema["enum"]))
    for key in ("allOf",):
        if isinstance(schema.get(key), list):
            merged = {}
            for part in schema[key]:
                value = synthesize(part, schemas, prefix, rng, depth + 1)
                if isinstance(value, dict):
                    merged.update(value)
                elif value is not None and not merged:
                    return value
            return merged
    for key in ("oneOf", "anyOf"):
        if isinstance(schema.get(key), list) and schema[key]:
            return synthesize(rng.choice(schema[key]), schemas, prefix, rng, depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object" or "properties" in schema:
        result = {}
        for key, sub in (schema.get("properties") or {}).items():
            if key in (schema.get("required") or []) or rng.random() < 0.6:
                result[key] = synthesize(sub, schemas, prefix, rng, depth + 1)
        return result
    if kind == "array":
        return [synthesize(schema.get("items", {}), schemas, prefix, rng, depth + 1)
                for _ in range(max(1, schema.get("minItems", 1)))]
    if kind in ("integer", "number"):
        low = schema.get("minimum", 0)
        return low if isinstance(low, (int, float)) and not isinstance(low, bool) else 1
    if kind == "boolean":
        return True
    if kind == "string":
        return {
            "date-time": "2024-04-09T16:35:22Z", "date": "2024-04-09", "email": "ann@example.com",
            "uri": "https://example.com/a", "uuid": "123e4567-e89b-12d3-a456-426614174000",
            "ipv4": "192.0.2.1", "byte": "aGVsbG8=", "time": "16:35:22Z",
        }.get(schema.get("format"), "a" * max(1, schema.get("minLength", 1) if isinstance(schema.get("minLength", 1), int) else 1))
    return None


def generated(schema, count, seed):
    """Up to `count` instances from hypothesis-jsonschema, or none when it cannot handle the schema."""
    try:
        from hypothesis import HealthCheck, given, settings
        from hypothesis_jsonschema import from_schema
    except ImportError:
        return []
    found = []
    try:
        strategy = from_schema(schema)

        @settings(max_examples=count, database=None, deadline=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def collect(value):
            found.append(value)

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            collect()
    except Exception:  # noqa: BLE001 - unsupported keywords, recursion, unsatisfiable: no generated seeds
        return found
    return found


def locations(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from locations(child, path + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from locations(child, path + (index,))


def replaced(value, path, new):
    if not path:
        return new
    result = copy.deepcopy(value)
    holder = result
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return result


def mutants(seed, rng, limit):
    found = []
    paths = list(locations(seed))
    rng.shuffle(paths)
    for path in paths[:limit]:
        for new in MUTANTS:
            found.append(replaced(seed, path, copy.deepcopy(new)))
    for path in paths[:limit]:
        if path and isinstance(path[-1], str):
            parent = seed
            for step in path[:-1]:
                parent = parent[step]
            trimmed = {k: v for k, v in parent.items() if k != path[-1]}
            found.append(replaced(seed, path[:-1], trimmed))
    if isinstance(seed, dict):
        found.append({**seed, "zz_unknown_property": 1})
    return found


# -- driver ------------------------------------------------------------------------------------

def contract_bench(path):
    if path:
        return path
    if os.environ.get("CONTRACT_BENCH"):
        return os.environ["CONTRACT_BENCH"]
    scratch = os.environ.get("SCRATCH_PATH", ".build")
    build = ["swift", "build", "-c", "release", "--package-path", str(ROOT), "--scratch-path",
             str(ROOT / scratch), "--product", "contract-bench"]
    subprocess.run(build, check=True, stdout=sys.stderr)
    out = subprocess.run(build + ["--show-bin-path"], check=True, capture_output=True, text=True)
    return str(Path(out.stdout.strip()) / "contract-bench")


def run_document(bench, corpora, relative, share, args, report):
    path = corpora / relative
    document = load_document(bench, path)
    version = str(document.get("openapi") or document.get("swagger"))
    dialect = "2020-12" if version.startswith("3.1") else "oas3.0"
    reference = Reference(dialect)
    prefix, schemas = components(document)
    rng = random.Random(f"{args.seed}:{relative}")
    names = sorted(schemas)
    if share < 1.0:
        names = sorted(rng.sample(names, max(1, int(len(names) * share * args.scale))))
    per_seed = max(2, int(6 * args.scale))
    lines, expected, where = [], [], []
    started, generating, with_hypothesis = time.monotonic(), 0.0, 0
    closures = {name: closure(prefix, schemas, name) for name in names}
    # Small schemas first, so that hypothesis's time budget covers as many schemas as it can.
    for name in sorted(names, key=lambda name: (len(closures[name][0]), name)):
        reachable, cyclic = closures[name]
        schema = bundle(prefix, schemas, name, reachable)
        validators = reference.validators(schema)
        validator = validators[reference.contexts[0]]
        seeds = [synthesize(schemas[name], schemas, prefix, rng)]
        if not cyclic and len(reachable) <= 40 and generating < args.generate_seconds:
            mark = time.monotonic()
            fresh = generated(schema, 3, args.seed)
            with_hypothesis += bool(fresh)
            seeds += fresh
            generating += time.monotonic() - mark
        instances = []
        for seed in seeds:
            instances.append(seed)
            if reference.verdict(validator, seed)[0] == "valid":
                instances += mutants(seed, rng, per_seed)
        pointer = prefix + name.replace("~", "~0").replace("/", "~1")
        for number, instance in enumerate(instances):
            context = reference.contexts[number % len(reference.contexts)]
            verdict, message = reference.verdict(validators[context], instance)
            lines.append(json.dumps({"schema": pointer, "instance": instance, "context": context}))
            expected.append((verdict, message))
            where.append((name, instance, context))
    disabled = sorted(OURS_FORMATS - reference.checked_formats)
    with tempfile.TemporaryDirectory() as work:
        bundle_path, instances_path = Path(work) / "bundle.json", Path(work) / "instances.jsonl"
        roots = [prefix[1:] + name.replace("~", "~0").replace("/", "~1") for name in schemas]
        # openapi-schema-validator reads `nullable: true` literally (OAS 3.0.3: it widens `type` only), and
        # ContractCheck lets null through wherever `nullable: true` stands unless told to read it strictly:
        # the comparison is with the strict reading, the one both sides define the same way.
        bundle_path.write_text(json.dumps({"documentPath": str(path), "dialect": dialect,
                                           "disabledFormats": disabled, "roots": roots, "nullable": "strict"}))
        instances_path.write_text("\n".join(lines) + "\n")
        out = subprocess.run([bench, "verdicts", str(bundle_path), str(instances_path)], check=True,
                             capture_output=True, text=True)
    ours = [line.split("\t", 1) + [""] for line in out.stdout.split("\n") if line]
    counts = {"instances": len(lines), "agree": 0, "known": 0, "disagree": 0, "schemas": len(names)}
    for (reference_verdict, reference_message), (our_verdict, our_message, *_), (name, instance, context) in zip(
            expected, ours, where):
        if reference_verdict == our_verdict:
            counts["agree"] += 1
            continue
        entry = {"document": relative, "schema": name, "context": context, "instance": instance, "ours": our_verdict,
                 "ours_error": our_message, "reference": reference_verdict, "reference_error": reference_message}
        entry["known_reference_bug"] = known_reference_bug(entry)
        counts["known" if entry["known_reference_bug"] else "disagree"] += 1
        report.append(entry)
    print(f"{relative}: {counts['schemas']} schemas ({with_hypothesis} with hypothesis-jsonschema seeds), "
          f"{counts['instances']} instances, {counts['agree']} agree, "
          f"{counts['disagree']} disagree, {counts['known']} known reference bugs "
          f"({time.monotonic() - started:.0f} s; formats off on both sides: {', '.join(disabled) or 'none'})",
          file=sys.stderr)
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--contract-bench", help="the contract-bench binary (default: build it)")
    parser.add_argument("--corpora", default=str(ROOT.parent / "shared" / "corpora" / "real-world"))
    parser.add_argument("--seed", type=int, default=20240409)
    parser.add_argument("--scale", type=float, default=1.0, help="more or fewer instances per schema")
    parser.add_argument("--generate-seconds", type=float, default=20.0,
                        help="time hypothesis-jsonschema may take per document (then only synthesized seeds)")
    parser.add_argument("--only", help="only documents whose path contains this")
    parser.add_argument("--report", help="write every disagreement here as JSON")
    parser.add_argument("--strict", action="store_true", help="fail on known reference bugs too")
    args = parser.parse_args()
    bench = contract_bench(args.contract_bench)
    corpora = Path(args.corpora)
    report, totals = [], {"instances": 0, "agree": 0, "disagree": 0, "known": 0, "schemas": 0}
    for relative, share in DOCUMENTS:
        if args.only and args.only not in relative:
            continue
        counts = run_document(bench, corpora, relative, share, args, report)
        for key in totals:
            totals[key] += counts[key]
    for entry in report:
        instance = json.dumps(entry["instance"])
        print(f"{'KNOWN' if entry['known_reference_bug'] else 'DISAGREE'} {entry['document']} {entry['schema']} "
              f"({entry['context']}): "
              f"ours {entry['ours']} ({entry['ours_error'][:200]}), reference {entry['reference']} "
              f"({entry['reference_error'][:200]}) on {instance[:200]}"
              + (f" -- {entry['known_reference_bug']}" if entry["known_reference_bug"] else ""))
    print(f"schemas {totals['schemas']}, instances {totals['instances']}, agreements {totals['agree']}, "
          f"disagreements {totals['disagree'] + totals['known']} ({totals['known']} known reference bugs, "
          f"{totals['disagree']} unexplained)")
    if args.report:
        Path(args.report).write_text(json.dumps(report, indent=1))
    failed = totals["disagree"] + (totals["known"] if args.strict else 0)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
