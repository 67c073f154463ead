import ContractReport
import ContractTestSupport
import Foundation
import Testing

/// What the default run prints and writes: readable output, reports whose figures add up.
@Suite struct RunReportTests {
    let cli = CLITests()

    /// A contract with five warnings of one rule and one of another.
    static let noisyContract = """
        openapi: 3.1.0
        info: {title: Noisy, version: '1'}
        paths:
          /a:
            get:
              responses:
                '200': {description: ok}
        components:
          schemas:
            A: {type: string, format: shoe-size}
            B: {type: string, format: hat-size}
            C: {type: string, format: cup-size}
            D: {type: string, format: ring-size}
            E: {type: string, format: belt-size}
            F: {type: object, properties: {id: {type: string}}, required: [name]}
        """

    func package(_ files: [String: String]) throws -> URL {
        try cli.temporaryFolder(files)
    }

    func clinicPackage(har: Data) throws -> URL {
        let folder = try cli.clinicPackage()
        try har.write(to: folder.appendingPathComponent("contracts/traffic.har"))
        return folder
    }

    func junit(_ folder: URL, _ name: String = "Reports/contract-check.xml") throws -> JUnitReport {
        let url = folder.appendingPathComponent(name)
        return try JUnitReader.read(try Data(contentsOf: url), path: url.path)
    }

    @Test("the default run prints errors in full and warnings grouped by rule; --verbose prints each")
    func groupedWarnings() throws {
        let folder = try package(["contracts/api.yaml": Self.noisyContract])
        let run = try cli.run([], in: folder)
        let lines = run.output.split(separator: "\n").map(String.init)
        let formats = lines.filter { $0.hasSuffix("[schema.format-unknown]") }
        #expect(formats.count == 4, "\(run.output)")
        #expect(formats.prefix(3).allSatisfy { $0.contains(": warning: unknown format '") })
        #expect(
            formats.last
                == "contracts/api.yaml: warning: 2 more like these (5 in all; --verbose prints each, the reports keep them all) [schema.format-unknown]"
        )
        // The rule with one warning is printed in full, with no count line.
        #expect(lines.filter { $0.hasSuffix("[schema.required-undefined]") }.count == 1, "\(run.output)")
        #expect(run.output.contains("contracts/api.yaml: OpenAPI 3.1.0, 1 operations, 0 errors, 6 warnings"))

        let verbose = try cli.run(["run", "--verbose"], in: folder)
        #expect(verbose.output.split(separator: "\n").filter { $0.hasSuffix("[schema.format-unknown]") }.count == 5)
        #expect(!verbose.output.contains("more like these"))
        // `lint` prints everything, and lint.json keeps everything.
        #expect(
            try cli.run(["lint", "contracts"], in: folder).output.split(separator: "\n").filter { $0.hasSuffix("[schema.format-unknown]") }
                .count == 5)
        let lintJSON = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("Reports/lint.json")))
        #expect((lintJSON as? [String: Any])?["warnings"] as? Int == 6)
    }

    @Test("run --strict fails on a warning, and so does the JUnit lint case, listing every warning")
    func strictLintCase() throws {
        let folder = try package(["contracts/api.yaml": Self.noisyContract])
        #expect(try cli.run([], in: folder).status == 0)
        let lenient = try #require(try junit(folder).suites.first)
        #expect(lenient.cases.first { $0.name == "lint" }?.outcome == .passed)
        // The report keeps every warning, in the suite's output.
        #expect(lenient.systemOut.split(separator: "\n").filter { $0.contains(": warning: ") }.count == 6)
        let strict = try cli.run(["run", "--strict"], in: folder)
        #expect(strict.status == 1)
        let lint = try #require(try junit(folder).suites.first?.cases.first { $0.name == "lint" })
        guard case .failed(let failure) = lint.outcome else {
            Issue.record("the lint case should fail with --strict: \(lint.outcome)")
            return
        }
        #expect(failure.message == "0 lint errors, 6 warnings (failing with --strict)")
        #expect(failure.body.split(separator: "\n").count == 6)
    }

    @Test("run --format json prints one JSON document: the lint results and the traffic results")
    func jsonOnly() throws {
        let har = try Data(contentsOf: CLITests.packageRoot.appendingPathComponent("contracts/clinic.har"))
        let folder = try clinicPackage(har: har)
        let run = try cli.run(["run", "--format", "json"], in: folder)
        #expect(run.status == 0, "\(run.output)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(document["errors"] as? Int == 0)
        let traffic = try #require(document["traffic"] as? [String: Any])
        #expect(traffic["exchanges"] as? Int == 21)
        #expect((traffic["violations"] as? [Any])?.isEmpty == true)
    }

    @Test("a traffic file that cannot be read fails the run and is an errored case in the JUnit report")
    func unreadableInputs() throws {
        let folder = try clinicPackage(har: Data("{\"log\": ".utf8))
        let recordings = folder.appendingPathComponent(".build/contract-check/recordings")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        try Data("{broken\n{}\n".utf8).write(to: recordings.appendingPathComponent("recording-p1.1-1-1-aaaaaaaa.jsonl"))
        let run = try cli.run([], in: folder)
        #expect(run.status == 1)
        #expect(run.output.contains("contracts/traffic.har:1:"), "\(run.output)")
        let report = try junit(folder)
        let suite = try #require(report.suites.first { $0.name == JUnitReport.unreadableSuite })
        #expect(suite.errors == 2)
        #expect(
            Set(suite.cases.map(\.name)) == ["contracts/traffic.har", ".build/contract-check/recordings/recording-p1.1-1-1-aaaaaaaa.jsonl"])
        let xml = try String(contentsOf: folder.appendingPathComponent("Reports/contract-check.xml"), encoding: .utf8)
        #expect(xml.contains("errors=\"2\""))
    }

    @Test("one unresolved $ref is one error, at the $ref")
    func unresolvedReference() throws {
        let folder = try package([
            "api.yaml": """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths:
              /pets:
                get:
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Pets'}
            components:
              schemas:
                Pets:
                  type: array
                  items: {$ref: '#/components/schemas/Pett'}
                Pet: {type: object}
            """
        ])
        let run = try cli.run(["lint", "api.yaml"], in: folder)
        #expect(run.status == 1)
        let errors = run.output.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1, "\(run.output)")
        #expect(errors.first?.hasPrefix("api.yaml:16:") == true, "\(run.output)")
        #expect(errors.first?.contains(": error: $ref '#/components/schemas/Pett' names nothing") == true)
    }

    @Test("merged shards report what one run over all their traffic reports")
    func mergedShardsAddUp() throws {
        let har = try Data(contentsOf: CLITests.packageRoot.appendingPathComponent("contracts/clinic.har"))
        var root = try #require(try JSONSerialization.jsonObject(with: har) as? [String: Any])
        var log = try #require(root["log"] as? [String: Any])
        let entries = try #require(log["entries"] as? [Any])
        #expect(entries.count == 21)
        // Each shard exercises part of the operations and responses; neither covers everything alone.
        var shards: [URL] = []
        for (index, slice) in [Array(entries[0..<10]), Array(entries[10...])].enumerated() {
            log["entries"] = slice
            root["log"] = log
            let folder = try clinicPackage(har: try JSONSerialization.data(withJSONObject: root))
            let run = try cli.run(["run", "--reports", "shard"], in: folder)
            #expect(run.status == 0, "\(run.output)")
            let target = folder.appendingPathComponent("shard-\(index).xml")
            try FileManager.default.moveItem(at: folder.appendingPathComponent("shard/contract-check.xml"), to: target)
            shards.append(target)
        }
        let whole = try clinicPackage(har: har)
        #expect(try cli.run([], in: whole).status == 0)
        let single = try junit(whole)
        let merge = try cli.run(["merge"] + shards.map(\.path) + ["-o", "merged.xml"], in: whole)
        #expect(merge.status == 0, "\(merge.output)")
        let merged = try junit(whole, "merged.xml")

        let one = try #require(single.suites.first)
        let both = try #require(merged.suites.first)
        #expect(Set(both.cases.map(\.name)) == Set(one.cases.map(\.name)))
        #expect(both.cases.count == 20 && both.skipped == 0 && both.failures == 0)
        func properties(_ suite: JUnitReport.Suite) -> [String: String] {
            var values: [String: String] = [:]
            for property in suite.properties {
                values[property.name] =
                    property.name.hasSuffix(".list")
                    ? (try? JSONSerialization.jsonObject(with: Data(property.value.utf8)) as? [[String]])?
                        .map { $0.joined(separator: " ") }.sorted().joined(separator: ",") : property.value
            }
            return values
        }
        #expect(properties(both) == properties(one))
        #expect(properties(both)["contract-check.operations"] == "19")
        #expect(properties(both)["contract-check.exchanges"] == "21")
        let first = try junit(shards[0].deletingLastPathComponent(), "shard-0.xml").suites.first
        #expect(first.map(properties)?["contract-check.operations.exercised"] != "19")
    }
}
