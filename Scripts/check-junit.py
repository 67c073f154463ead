#!/usr/bin/env python3
"""Reads contract-check's JUnit reports with junitparser, a real consumer, and checks the counts.

Usage: Scripts/check-junit.py PATH/TO/contract-check

Runs `contract-check verify` on the bundled clinic contract twice (the clean recording and the
violations fixture), parses both reports with junitparser and compares the counts with what the
recordings hold. Exits non-zero on any difference.
"""
import subprocess
import sys
import tempfile
from pathlib import Path

from junitparser import Failure, JUnitXml, Skipped

root = Path(__file__).resolve().parent.parent
binary = sys.argv[1] if len(sys.argv) > 1 else str(root / ".build/debug/contract-check")
cases = [
    # (traffic file, expected exit status, tests, failures, skipped, failing operations)
    ("contracts/clinic.har", 0, 19, 0, 0, set()),
    ("Tests/Fixtures/har/clinic-violations.har", 1, 19, 3, 16, {"listPets", "createPet", "submitInquiry"}),
]
problems = []
with tempfile.TemporaryDirectory() as folder:
    for traffic, status, tests, failures, skipped, failing in cases:
        report = Path(folder) / (Path(traffic).stem + ".xml")
        run = subprocess.run(
            [binary, "verify", "--contract", "contracts/clinic.yaml", "--junit", str(report), traffic],
            cwd=root, capture_output=True, text=True)
        if run.returncode != status:
            problems.append(f"{traffic}: exit status {run.returncode}, expected {status}\n{run.stdout}{run.stderr}")
            continue
        xml = JUnitXml.fromfile(str(report))
        suites = list(xml)
        if len(suites) != 1:
            problems.append(f"{traffic}: {len(suites)} suites, expected 1")
            continue
        suite = suites[0]
        seen = {"tests": suite.tests, "failures": suite.failures, "skipped": suite.skipped, "errors": suite.errors}
        wanted = {"tests": tests, "failures": failures, "skipped": skipped, "errors": 0}
        if seen != wanted:
            problems.append(f"{traffic}: counts {seen}, expected {wanted}")
        failed = {case.name for case in suite if any(isinstance(result, Failure) for result in case.result)}
        skipped_cases = sum(1 for case in suite if any(isinstance(result, Skipped) for result in case.result))
        if failed != failing:
            problems.append(f"{traffic}: failing cases {sorted(failed)}, expected {sorted(failing)}")
        if skipped_cases != skipped:
            problems.append(f"{traffic}: {skipped_cases} skipped cases, expected {skipped}")
        print(f"junitparser read {report.name}: {seen}")

if problems:
    print("\n".join(problems))
    sys.exit(1)
print("junitparser: 2 reports, 0 problems")
