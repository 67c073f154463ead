import ContractTestSupport
import Foundation
import Testing
import XMLSchemaValidation

@testable import ContractReport

@Suite("JUnit XML")
struct JUnitWriterTests {
    /// 2026-11-22T10:30:00Z, a fixed clock for golden files.
    static let clock = Date(timeIntervalSince1970: 1_795_343_400)

    static let sample = JUnitReport(suites: [
        JUnitReport.Suite(
            name: "Northpaw Veterinary Clinic API", package: "contracts/clinic.yaml", timestamp: clock, hostname: "ci-runner",
            time: 1.23456, properties: [.init("operations", "19"), .init("exercised", "2")],
            cases: [
                .init(name: "listPets", classname: "Northpaw Veterinary Clinic API", time: 0.0004),
                .init(
                    name: "createPet", classname: "Northpaw Veterinary Clinic API", time: 0.25,
                    outcome: .failed(
                        .init(
                            message: "1 violation: request.body.schema", type: "request.body.schema",
                            body:
                                "contracts/clinic.yaml:57:11: error: [createPet] POST /pets request body $.name: expected string, got integer 42 <&>"
                        ))),
                .init(name: "deletePet", classname: "Northpaw Veterinary Clinic API", outcome: .skipped("not exercised")),
                .init(name: "", classname: "", outcome: .errored(.init(message: "bad\u{1}byte", type: "", body: "tab\there"))),
            ])
    ])

    static var goldenURL: URL {
        Corpus.packageRoot.appendingPathComponent("Tests/ContractReportTests/Golden/sample.xml")
    }

    @Test("the output matches the golden file")
    func golden() throws {
        let xml = JUnitWriter.xml(Self.sample)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try Data(xml.utf8).write(to: Self.goldenURL)
        }
        let expected = try String(contentsOf: Self.goldenURL, encoding: .utf8)
        #expect(xml == expected)
    }

    /// The strict Ant schema and the Jenkins xUnit plugin's, from the corpora.
    static let xsds = ["windyroad-JUnit-Schema/JUnit.xsd", "jenkinsci-xunit-plugin/junit-10.xsd"]

    @Test("the output is valid against both JUnit XSDs", .corpus("junit-xsd"), arguments: xsds)
    func schemaValid(xsd: String) throws {
        let report = Scratch.path("junit").appendingPathComponent("report.xml")
        try JUnitWriter.write(Self.sample, to: report)
        let schema = Corpus.root.appendingPathComponent("junit-xsd/\(xsd)")
        #expect(XMLSchemaValidator.problems(in: report.path, against: schema.path) == [])
    }

    @Test("the XSD validation rejects a report the schemas forbid", .corpus("junit-xsd"), arguments: xsds)
    func schemaInvalid(xsd: String) throws {
        let report = Scratch.path("junit", extension: "xml")
        try Data(#"<testsuites><testsuite name="s" tests="x"><bogus/></testsuite></testsuites>"#.utf8).write(to: report)
        let schema = Corpus.root.appendingPathComponent("junit-xsd/\(xsd)")
        let problems = XMLSchemaValidator.problems(in: report.path, against: schema.path)
        #expect(!problems.isEmpty)
        #expect(problems.allSatisfy { $0.hasPrefix(report.path + ":1: ") }, "\(problems)")
    }

    @Test(
        "times have at most three decimals and no exponent",
        arguments: [(0.0004, "0"), (0.0005, "0.001"), (1.23456, "1.235"), (12, "12"), (0.1, "0.1"), (-1, "0"), (1e-9, "0")])
    func seconds(value: Double, text: String) {
        #expect(XMLText.seconds(value) == text)
    }

    @Test("timestamps are UTC without a zone")
    func timestamp() {
        #expect(XMLText.timestamp(Self.clock) == "2026-11-22T10:30:00")
    }

    @Test("characters XML 1.0 forbids are replaced, markup is escaped")
    func escaping() {
        #expect(XMLText.escapeText("a<b>&c\u{0}\u{FFFE}\u{1F600}") == "a&lt;b&gt;&amp;c\u{FFFD}\u{FFFD}\u{1F600}")
        #expect(XMLText.escapeAttribute("say \"hi\"\nnow") == "say &quot;hi&quot;&#10;now")
    }

    @Test("very long bodies are cut with a note")
    func truncation() {
        let body = String(repeating: "x", count: JUnitWriter.maximumBodyLength + 10_000)
        let report = JUnitReport(suites: [
            .init(
                name: "s", package: "p", timestamp: Self.clock, hostname: "h",
                cases: [.init(name: "n", classname: "c", outcome: .failed(.init(message: "m", type: "t", body: body)))])
        ])
        let xml = JUnitWriter.xml(report)
        #expect(xml.contains("… 10000 more characters left out"))
        #expect(xml.utf8.count < body.utf8.count, "the body must not be written whole")
    }

    @Test("writing replaces the previous report whole")
    func atomicWrite() throws {
        let url = Scratch.path("junit").appendingPathComponent("r.xml")
        try JUnitWriter.write(Self.sample, to: url)
        let empty = JUnitReport(suites: [])
        try JUnitWriter.write(empty, to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == JUnitWriter.xml(empty))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers == ["r.xml"])
    }
}

@Suite("Merging sharded JUnit reports")
struct JUnitMergeTests {
    static func suite(_ cases: [JUnitReport.TestCase], time: Double, at seconds: TimeInterval) -> JUnitReport {
        let properties: [JUnitReport.Property] = [
            .init(JUnitReport.CoverageProperty.operations, "?"), .init(JUnitReport.CoverageProperty.exercised, "?"),
            .init(JUnitReport.CoverageProperty.coverage, "?"), .init(JUnitReport.CoverageProperty.failing, "?"),
        ]
        return JUnitReport(suites: [
            .init(
                name: "Clinic", package: "clinic.yaml", timestamp: Date(timeIntervalSince1970: seconds), hostname: "h", time: time,
                properties: properties, cases: cases)
        ])
    }

    @Test("the same operation in two shards is one case with the worst outcome; coverage adds up")
    func merge() throws {
        let failure = JUnitReport.Outcome.failed(.init(message: "1 violation", type: "request.body.schema", body: "…"))
        let shard1 = Self.suite(
            [
                .init(name: "a", classname: "Clinic", time: 1), .init(name: "b", classname: "Clinic", outcome: .skipped("not exercised")),
                .init(name: "c", classname: "Clinic", outcome: .skipped("not exercised")),
            ], time: 2, at: 100)
        let shard2 = Self.suite(
            [
                .init(name: "a", classname: "Clinic", time: 0.5, outcome: failure), .init(name: "b", classname: "Clinic", time: 1),
                .init(name: "c", classname: "Clinic", outcome: .skipped("not exercised")),
            ], time: 3, at: 50)
        // Round-trip both through XML, as the merge command reads files.
        let read1 = try JUnitReader.read(Data(JUnitWriter.xml(shard1).utf8), path: "1.xml")
        let read2 = try JUnitReader.read(Data(JUnitWriter.xml(shard2).utf8), path: "2.xml")
        let merged = JUnitReport.merged([read1, read2])
        let suite = try #require(merged.suites.first)
        #expect(merged.suites.count == 1)
        #expect(suite.cases.map(\.name) == ["a", "b", "c"])
        #expect(suite.cases[0].outcome == failure)
        #expect(suite.cases[0].time == 1.5)
        #expect(suite.cases[1].outcome == .passed)
        #expect(suite.time == 5)
        #expect(suite.timestamp == Date(timeIntervalSince1970: 50))
        let properties = Dictionary(uniqueKeysWithValues: suite.properties.map { ($0.name, $0.value) })
        #expect(properties[JUnitReport.CoverageProperty.exercised] == "2")
        #expect(properties[JUnitReport.CoverageProperty.coverage] == "66.7%")
        #expect(properties[JUnitReport.CoverageProperty.failing] == "1")
    }

    @Test("a file that is not XML is an error naming it")
    func notXML() {
        #expect(throws: JUnitReader.Failure.self) { try JUnitReader.read(Data("{}".utf8), path: "x.xml") }
    }
}

extension JUnitWriterTests {
    @Test("a report path that is a folder, or under a file, is refused with what to do")
    func unwritablePaths() throws {
        let report = JUnitReport(suites: [])
        let folder = try Scratch.folder("reports")
        #expect {
            try JUnitWriter.write(report, to: folder)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(folder.path + ": error: cannot write the report: it is a folder; name a file in it")
        }
        let file = folder.appendingPathComponent("plain.txt")
        try Data("x".utf8).write(to: file)
        #expect {
            try JUnitWriter.write(report, to: file.appendingPathComponent("sub/report.xml"))
        } throws: { error in
            "\(error)".contains("\(file.path) is a file, not a folder; choose a path whose folders are folders")
        }
        // Nothing was written, and nothing hidden was left beside the file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["plain.txt"])
    }
}
