import Foundation
import Testing

@testable import ContractReport

@Suite("Figures of merged shards")
struct ShardFigureTests {
    static func shard(
        exchanges: Int, responses: String, list: String, cases: [JUnitReport.TestCase], systemOut: String
    ) -> JUnitReport {
        let property = JUnitReport.CoverageProperty.self
        return JUnitReport(suites: [
            JUnitReport.Suite(
                name: "Clinic", package: "clinic.yaml", timestamp: JUnitWriterTests.clock, hostname: "ci",
                properties: [
                    .init(property.operations, "3"), .init(property.exercised, "1"), .init(property.coverage, "33.3%"),
                    .init(property.failing, "0"), .init(property.exchanges, String(exchanges)),
                    .init(property.responses, responses), .init(property.responseKeys, list),
                ],
                cases: cases, systemOut: systemOut)
        ])
    }

    @Test("exchanges add up, exercised responses are joined, the lint case is no operation, output is kept once")
    func figuresAddUp() throws {
        let lint = JUnitReport.TestCase(name: JUnitReport.CaseName.lint, classname: "Clinic")
        let skipped = JUnitReport.Outcome.skipped("not exercised")
        let lintOutput = "clinic.yaml:3:1: warning: unknown format 'x' is not checked [schema.format-unknown]"
        let first = Self.shard(
            exchanges: 2, responses: "2 of 9", list: #"[["getPet","200"],["getPet","404"]]"#,
            cases: [
                lint, .init(name: "getPet", classname: "Clinic"), .init(name: "listPets", classname: "Clinic", outcome: skipped),
                .init(name: "createPet", classname: "Clinic", outcome: skipped),
            ],
            systemOut: SystemOut.joined([lintOutput, "a warning\n    in a.har:1:1"]))
        let second = Self.shard(
            exchanges: 3, responses: "2 of 9", list: #"[["getPet","200"],["listPets","200"]]"#,
            cases: [
                lint, .init(name: "getPet", classname: "Clinic", outcome: skipped), .init(name: "listPets", classname: "Clinic"),
                .init(name: "createPet", classname: "Clinic", outcome: skipped),
            ],
            systemOut: SystemOut.joined([lintOutput, "another warning\n    in b.har:1:1"]))
        // Read back from XML, as the merge command reads files.
        let shards = try [first, second].map { try JUnitReader.read(Data(JUnitWriter.xml($0).utf8), path: "shard.xml") }
        let suite = try #require(JUnitReport.merged(shards).suites.first)
        let values = Dictionary(uniqueKeysWithValues: suite.properties.map { ($0.name, $0.value) })
        #expect(values[JUnitReport.CoverageProperty.operations] == "3")
        #expect(values[JUnitReport.CoverageProperty.exercised] == "2")
        #expect(values[JUnitReport.CoverageProperty.coverage] == "66.7%")
        #expect(values[JUnitReport.CoverageProperty.exchanges] == "5")
        #expect(values[JUnitReport.CoverageProperty.responses] == "3 of 9")
        #expect(values[JUnitReport.CoverageProperty.responseKeys] == #"[["getPet","200"],["getPet","404"],["listPets","200"]]"#)
        #expect(suite.cases.count == 4)
        #expect(suite.systemOut == SystemOut.joined([lintOutput, "a warning\n    in a.har:1:1", "another warning\n    in b.har:1:1"]))
    }
}
