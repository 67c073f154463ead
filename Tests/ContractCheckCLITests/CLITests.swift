import Foundation
import Testing

@testable import ContractCheckCLI
import ContractTestSupport

/// Runs the built `contract-check` binary the way CI does.
@Suite("contract-check command line")
struct CLITests {
    struct Run {
        let status: Int32
        let output: String
    }

    static var binary: URL {
        // On Linux the test bundle is an executable in the products folder, beside contract-check.
        let products =
            Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent() : Bundle.main.bundleURL
        return products.appendingPathComponent("contract-check")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func run(_ arguments: [String], in directory: URL = packageRoot) throws -> Run {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // The default run reads this folder; a CI setting must not leak into runs on temporary folders.
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CONTRACTCHECK_RECORDINGS" }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    func temporaryFolder(_ files: [String: String]) throws -> URL {
        let folder = Scratch.path("cli")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    /// A package folder with the clinic contract and the file it references in `contracts/`.
    func clinicPackage() throws -> URL {
        let folder = try temporaryFolder([:])
        for name in ["clinic.yaml", "schemas/common.yaml"] {
            let target = folder.appendingPathComponent("contracts/\(name)")
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("contracts/\(name)"), to: target)
        }
        return folder
    }

    @Test("lint of a clean contract exits 0 with a summary")
    func lintClean() throws {
        let folder = try temporaryFolder(["api.yaml": "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n"])
        let result = try run(["lint", "api.yaml"], in: folder)
        #expect(result.status == 0)
        #expect(result.output == "api.yaml: OpenAPI 3.1.0, 0 operations, 0 errors, 0 warnings\n")
    }

    @Test("lint of a broken contract exits 1 with compiler-style lines")
    func lintBroken() throws {
        let folder = try temporaryFolder(["api.yaml": "openapi: 3.1.0\ninfo: {version: '1'}\npaths: {}\n"])
        let result = try run(["lint", "api.yaml"], in: folder)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("api.yaml:2:1: error: a Info Object requires 'title' [structure.required]\n"))
    }

    @Test("--strict fails on warnings; --format json is machine-readable")
    func strictAndJSON() throws {
        let folder = try temporaryFolder([
            "api.yaml":
                "openapi: 3.1.0\ninfo: {title: t, version: '1'}\ncomponents:\n  schemas:\n    A: {type: string, format: shoe-size}\n"
        ])
        #expect(try run(["lint", "api.yaml"], in: folder).status == 0)
        #expect(try run(["lint", "--strict", "api.yaml"], in: folder).status == 1)
        let json = try run(["lint", "--format", "json", "api.yaml"], in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["warnings"] as? Int == 1)
        let files = object?["files"] as? [[String: Any]]
        let diagnostic = (files?.first?["diagnostics"] as? [[String: Any]])?.first
        #expect(diagnostic?["code"] as? String == "schema.format-unknown")
        #expect(diagnostic?["line"] as? Int == 5)
        #expect(diagnostic?["pointer"] as? String == "/components/schemas/A/format")
    }

    @Test(
        "usage errors exit 64",
        arguments: [["lint"], ["lint", "--format", "xml", "x.yaml"], ["lint", "does-not-exist.yaml"], ["no-such-command"]])
    func usage(arguments: [String]) throws {
        #expect(try run(arguments).status == 64)
    }

    @Test("--help works for every command", arguments: [["--help"], ["lint", "--help"], ["run", "--help"]])
    func help(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE:"))
    }

    @Test("the default run lints contracts/ and writes Reports/")
    func defaultRun() throws {
        let folder = try temporaryFolder(["contracts/api.yaml": "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n"])
        let result = try run([], in: folder)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("contracts/api.yaml: OpenAPI 3.1.0, 0 operations, 0 errors, 0 warnings"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports/lint.json").path))
    }

    @Test("the bundled contracts are clean")
    func bundledContracts() throws {
        let result = try run(["lint", "contracts"])
        #expect(result.status == 0, "\(result.output)")
    }
}

@Suite("contract-check validate")
struct ValidateCommandTests {
    let cli = CLITests()

    @Test("instances against a contract's schema: one line each, exit 1 when any is invalid")
    func contractSchema() throws {
        let folder = try cli.temporaryFolder([
            "good.json": #"{"name": "Rex", "species": "dog", "ownerId": "1b4e28ba-2fa1-11d2-883f-0016d3cca427"}"#,
            "bad.yaml": "name: 42\nspecies: dog\nownerId: 1b4e28ba-2fa1-11d2-883f-0016d3cca427\n",
        ])
        let contract = CLITests.packageRoot.appendingPathComponent("contracts/clinic.yaml").path
        let good = try cli.run(["validate", "--contract", contract, "--schema", "#/components/schemas/NewPet", "good.json"], in: folder)
        #expect(good.status == 0)
        #expect(good.output == "good.json: valid\n")
        let bad = try cli.run(
            ["validate", "--contract", contract, "--schema", "#/components/schemas/NewPet", "good.json", "bad.yaml"], in: folder)
        #expect(bad.status == 1)
        #expect(bad.output.contains("good.json: valid\n"))
        #expect(
            bad.output.contains(
                "clinic.yaml:1183:11: error: bad.yaml $.name: expected string, got integer 42 (#/components/schemas/NewPet/properties/name/type)"
            ))
    }

    @Test("a standalone schema file with a pointer and a dialect")
    func schemaFile() throws {
        let folder = try cli.temporaryFolder([
            "schemas.json": #"{"definitions": {"Age": {"type": "integer", "minimum": 0, "exclusiveMinimum": true}}}"#,
            "zero.json": "0", "one.json": "1",
        ])
        let result = try cli.run(
            ["validate", "--schema", "schemas.json#/definitions/Age", "--dialect", "draft4", "one.json", "zero.json"], in: folder)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("one.json: valid\n"))
        #expect(result.output.contains("zero.json $: "))
    }

    @Test(
        "usage errors exit 64",
        arguments: [["validate", "--schema", "x.json"], ["validate", "--schema", "x.json", "--dialect", "draft7", "a.json"]])
    func usage(arguments: [String]) throws {
        #expect(try cli.run(arguments).status == 64)
    }
}

@Suite("contract-check merge")
struct MergeCommandTests {
    let cli = CLITests()

    static func report(_ outcome: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
          <testsuite name="Clinic" package="clinic.yaml" id="0" timestamp="2026-11-22T10:30:00" hostname="h" tests="2" failures="0" errors="0" skipped="1" time="1">
            <properties/>
            <testcase name="listPets" classname="Clinic" time="0.5"\(outcome)
            <testcase name="getPet" classname="Clinic" time="0"><skipped message="not exercised"/></testcase>
            <system-out></system-out>
            <system-err></system-err>
          </testsuite>
        </testsuites>
        """
    }

    @Test("merges shards into one valid report; the same operation is one case")
    func merge() throws {
        let folder = try cli.temporaryFolder([
            "a.xml": Self.report("/>"),
            "b.xml": Self.report("><failure message=\"1 violation\" type=\"response.body.schema\">details</failure></testcase>"),
        ])
        let result = try cli.run(["merge", "a.xml", "b.xml", "-o", "Reports/all.xml"], in: folder)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "merged 2 reports into Reports/all.xml: 1 suites, 2 test cases\n")
        let merged = try String(contentsOf: folder.appendingPathComponent("Reports/all.xml"), encoding: .utf8)
        #expect(merged.contains("tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"1\" time=\"2\""))
        #expect(merged.contains("<failure message=\"1 violation\" type=\"response.body.schema\">details</failure>"))
    }

    @Test("an unreadable report exits 1, no report exits 64")
    func errors() throws {
        let folder = try cli.temporaryFolder(["bad.xml": "not xml"])
        #expect(try cli.run(["merge", "bad.xml", "-o", "out.xml"], in: folder).status == 1)
        #expect(try cli.run(["merge", "-o", "out.xml"], in: folder).status == 64)
    }
}

@Suite("contract-check lint --format github")
struct GitHubFormatTests {
    @Test("diagnostics become workflow commands with file, line and column")
    func annotations() throws {
        let cli = CLITests()
        let folder = try cli.temporaryFolder(["api.yaml": "openapi: 3.1.0\ninfo: {version: '1'}\npaths: {}\n"])
        let result = try cli.run(["lint", "--format", "github", "api.yaml"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.output == """
                ::error file=api.yaml,line=2,col=1,title=structure.required::a Info Object requires 'title'
                api.yaml: OpenAPI 3.1.0, 0 operations, 1 errors, 0 warnings; none keeps the fake backend or the mock server from using it

                """)
        // A misspelt field changes what the contract says: the summary does not call it usable.
        let misspelt = try cli.temporaryFolder(["api.yaml": "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npath: {}\n"])
        let refused = try cli.run(["lint", "--format", "github", "api.yaml"], in: misspelt)
        #expect(refused.status == 1)
        #expect(refused.output.hasSuffix("api.yaml: OpenAPI 3.1.0, 0 operations, 2 errors, 0 warnings\n"), "\(refused.output)")
    }
}

@Suite("contract-check verify and the default run")
struct VerifyCommandTests {
    let cli = CLITests()
    var contract: String { CLITests.packageRoot.appendingPathComponent("contracts/clinic.yaml").path }
    var fixtures: URL { CLITests.packageRoot.appendingPathComponent("Tests/Fixtures/har") }

    @Test("a clean recording exits 0 with coverage; violations exit 1 and write a JUnit report")
    func verify() throws {
        let clean = try cli.run([
            "verify", "--contract", contract, CLITests.packageRoot.appendingPathComponent("contracts/clinic.har").path,
        ])
        #expect(clean.status == 0, "\(clean.output)")
        #expect(clean.output.contains("21 exchanges, 0 violations; operations exercised 19/19"))
        let folder = try cli.temporaryFolder([:])
        let broken = try cli.run(
            [
                "verify", "--contract", contract, "--junit", "Reports/verify.xml",
                fixtures.appendingPathComponent("clinic-violations.har").path,
            ], in: folder)
        #expect(broken.status == 1)
        #expect(
            broken.output.contains(
                "error: [createPet] POST /pets request body $: expected required property \"species\", got object without it"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports/verify.xml").path))
    }

    @Test(
        "usage errors exit 64",
        arguments: [
            ["verify", "x.har"], ["verify", "--contract", "contracts/clinic.yaml"],
            ["verify", "--contract", "contracts/clinic.yaml", "nope.har"],
        ])
    func usage(arguments: [String]) throws {
        #expect(try cli.run(arguments).status == 64)
    }

    @Test("the default run verifies HAR files and recordings and writes Reports/contract-check.xml")
    func defaultRun() throws {
        let folder = try cli.temporaryFolder([:])
        for name in ["clinic.yaml", "schemas/common.yaml", "clinic.har"] {
            let target = folder.appendingPathComponent("contracts/\(name)")
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: CLITests.packageRoot.appendingPathComponent("contracts/\(name)"), to: target)
        }
        let clean = try cli.run([], in: folder)
        #expect(clean.status == 0, "\(clean.output)")
        #expect(clean.output.contains("contracts/clinic.yaml: 21 exchanges, 0 violations"))
        let report = try String(contentsOf: folder.appendingPathComponent("Reports/contract-check.xml"), encoding: .utf8)
        #expect(report.contains("<testcase name=\"lint\""))
        #expect(report.contains("tests=\"20\" failures=\"0\" errors=\"0\" skipped=\"0\""))
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("clinic-violations.har"), to: folder.appendingPathComponent("contracts/bad.har"))
        #expect(try cli.run([], in: folder).status == 1)
    }

    @Test("8 processes appending recordings at once lose and tear nothing")
    func concurrentRecordings() throws {
        let folder = try cli.temporaryFolder([:])
        let bench = CLITests.binary.deletingLastPathComponent().appendingPathComponent("contract-bench")
        let processes = try (0..<8).map { _ -> Process in
            let process = Process()
            process.executableURL = bench
            process.arguments = ["record-stress", folder.appendingPathComponent("recordings").path, "200"]
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("recordings").path)
        #expect(files.count == 8)
        var total = 0
        for file in files {
            let url = folder.appendingPathComponent("recordings/\(file)")
            let text = try String(contentsOf: url, encoding: .utf8)
            let lines = text.split(separator: "\n")
            total += lines.count
            for line in lines {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "a torn line in \(file)")
            }
        }
        #expect(total == 1_600)
    }
}

@Suite("contract-check baseline")
struct BaselineCommandTests {
    @Test("a baseline makes known violations pass; a new one fails; fixed ones are reported")
    func gradualAdoption() throws {
        let cli = CLITests()
        let folder = try cli.temporaryFolder([:])
        for name in ["clinic.yaml", "schemas/common.yaml"] {
            let target = folder.appendingPathComponent("contracts/\(name)")
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: CLITests.packageRoot.appendingPathComponent("contracts/\(name)"), to: target)
        }
        let violations = CLITests.packageRoot.appendingPathComponent("Tests/Fixtures/har/clinic-violations.har")
        try FileManager.default.copyItem(at: violations, to: folder.appendingPathComponent("contracts/old.har"))
        #expect(try cli.run([], in: folder).status == 1)
        let written = try cli.run(["baseline"], in: folder)
        #expect(written.output == "wrote contract-check-baseline.json: 3 known problems\n")
        let known = try cli.run(["run", "--baseline", "contract-check-baseline.json"], in: folder)
        #expect(known.status == 0, "\(known.output)")
        #expect(known.output.contains("baseline contract-check-baseline.json: 0 new, 3 known, 0 fixed"))
        // With --format json the comparison is part of the one JSON document.
        let json = try cli.run(["run", "--baseline", "contract-check-baseline.json", "--format", "json"], in: folder)
        #expect(json.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect((document?["baseline"] as? [String: Any])?["known"] as? Int == 3)
        // Fix the old traffic, break something new: one new problem, three fixed.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("contracts/old.har"))
        var har = try String(contentsOf: CLITests.packageRoot.appendingPathComponent("contracts/clinic.har"), encoding: .utf8)
        har = har.replacingOccurrences(of: "\"status\": 204", with: "\"status\": 299")
        try Data(har.utf8).write(to: folder.appendingPathComponent("contracts/new.har"))
        let changed = try cli.run(["run", "--baseline", "contract-check-baseline.json"], in: folder)
        #expect(changed.status == 1)
        #expect(changed.output.contains("new since the baseline: "))
        #expect(changed.output.contains("3 fixed"))
    }
}

@Suite("Terminal colour")
struct TerminalStyleTests {
    @Test("severity words are coloured only when asked; pipes get plain text")
    func highlight() throws {
        let line = "api.yaml:2:1: error: a Info Object requires 'title' [structure.required]"
        #expect(TerminalStyle.highlight(line, color: false) == line)
        #expect(
            TerminalStyle.highlight(line, color: true)
                == "api.yaml:2:1: \u{1B}[1;31merror:\u{1B}[0m a Info Object requires 'title' [structure.required]")
        // The CLI's own output in these tests goes to a pipe: no escape codes.
        let cli = CLITests()
        let folder = try cli.temporaryFolder(["api.yaml": "openapi: 3.1.0\ninfo: {version: '1'}\npaths: {}\n"])
        #expect(try !cli.run(["lint", "api.yaml"], in: folder).output.contains("\u{1B}["))
    }
}

extension CLITests {
    @Test("a JUnit path that is a folder is one line saying what to do, and exit 1")
    func junitToAFolder() throws {
        let folder = try Scratch.folder("junit-target")
        let run = try run([
            "verify", "--contract", "contracts/clinic.yaml", "contracts/clinic.har", "--junit", folder.path,
        ])
        #expect(run.status == 1)
        #expect(run.output.contains("\(folder.path): error: cannot write the report: it is a folder; name a file in it"))
        #expect(!run.output.contains("NSCocoaErrorDomain"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

extension CLITests {
    @Test("lint of a folder does not follow a link out of it")
    func lintFolderStaysInside() throws {
        let outside = try Scratch.folder("outside")
        try Data("openapi: 3.1.0\ninfo: {title: secret, version: '1'}\npaths: {}\n".utf8)
            .write(to: outside.appendingPathComponent("other.yaml"))
        let folder = try Scratch.folder("contracts")
        try Data("openapi: 3.1.0\ninfo: {title: mine, version: '1'}\npaths: {}\n".utf8)
            .write(to: folder.appendingPathComponent("api.yaml"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("linked.yaml"), withDestinationURL: outside.appendingPathComponent("other.yaml"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("linked-folder"), withDestinationURL: outside)
        let run = try run(["lint", folder.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("api.yaml"))
        #expect(!run.output.contains("linked"), "\(run.output)")
        #expect(!run.output.contains("other.yaml"), "\(run.output)")
    }
}
