#!/usr/bin/env python3
"""Checks ContractCheck's generated examples with an independent validator (Python `jsonschema`).

Runs `contract-bench examples-dump CONTRACT`, which prints one JSON object a line: a generated request
or response body of every operation of the contract in every mode (minimal, full, and --seeds random
seeds), with the address of its schema. Each body is validated against that schema with jsonschema's
Draft 2020-12 validator (formats asserted where jsonschema has a checker), the contract's files
registered so that every $ref resolves. Any disagreement is printed and the script exits 1.

usage: Scripts/check-examples.py [--bench PATH] [--seeds N] [CONTRACT]
       (default: contracts/clinic.yaml; the bench binary is built with `swift build` when not given)

Only OpenAPI 3.1 contracts, whose schemas are JSON Schema 2020-12 as written, are checked this way.
readOnly/writeOnly are annotations to jsonschema; the Swift property tests check those.
"""
import argparse
import json
import pathlib
import subprocess
import sys

import referencing
import yaml
from jsonschema import Draft202012Validator
from referencing.jsonschema import DRAFT202012


class PlainLoader(yaml.SafeLoader):
    """YAML 1.2-like loading: dates stay strings, as the contract loader reads them."""


PlainLoader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def load_document(path: pathlib.Path):
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else yaml.load(text, Loader=PlainLoader)


def registry_for(contract: pathlib.Path) -> referencing.Registry:
    """Every YAML/JSON file beside the contract (and below it), registered at its file URI."""
    registry = referencing.Registry()
    folder = contract.parent
    for path in sorted(list(folder.rglob("*.yaml")) + list(folder.rglob("*.json"))):
        try:
            contents = load_document(path)
        except Exception:  # not every file beside a contract is a document
            continue
        resource = referencing.Resource(contents=contents, specification=DRAFT202012)
        registry = registry.with_resource(path.resolve().as_uri(), resource)
    return registry


def dump_lines(bench: str, contract: pathlib.Path, seeds: int):
    command = [bench, "examples-dump", str(contract), "--seeds", str(seeds)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("contract", nargs="?", default="contracts/clinic.yaml")
    parser.add_argument("--bench", help="the contract-bench binary (default: build it with swift build)")
    parser.add_argument("--seeds", type=int, default=20)
    arguments = parser.parse_args()
    contract = pathlib.Path(arguments.contract).resolve()
    bench = arguments.bench
    if bench is None:
        subprocess.run(["swift", "build", "--product", "contract-bench"], check=True)
        folder = subprocess.run(
            ["swift", "build", "--show-bin-path"], check=True, capture_output=True, text=True
        ).stdout.strip()
        bench = str(pathlib.Path(folder) / "contract-bench")
    registry = registry_for(contract)
    checked = 0
    disagreements = []
    validators = {}
    for line in dump_lines(bench, contract, arguments.seeds):
        uri = line["schema"]
        if uri not in validators:
            validators[uri] = Draft202012Validator(
                {"$ref": uri}, registry=registry, format_checker=Draft202012Validator.FORMAT_CHECKER
            )
        errors = list(validators[uri].iter_errors(line["value"]))
        checked += 1
        if errors:
            best = errors[0]
            disagreements.append(
                f"{line['operation']} {line['context']} {line['mode']}: {best.json_path}: {best.message}"
            )
    print(f"check-examples: {contract.name}: {checked} generated bodies checked with jsonschema, "
          f"{len(disagreements)} disagreements")
    for disagreement in disagreements[:50]:
        print("  " + disagreement)
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
