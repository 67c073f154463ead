import ContractTestSupport
import Foundation
import Testing

@testable import ContractReport

/// Reports are written whole or not at all, and no partial file stays behind in the reports folder.
@Suite("Writing report files")
struct ReportFileWriterTests {
    static func hiddenFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    }

    @Test("a partial file left by a process that was killed is removed by the next write")
    func abandonedPartialFile() throws {
        let folder = try Scratch.folder("reports")
        // No process has this id (it is above every system's limit on process ids).
        let abandoned = folder.appendingPathComponent(".contract-check.xml.2147483646.contract-check-partial")
        try Data("<testsuites>".utf8).write(to: abandoned)
        let unrelated = folder.appendingPathComponent(".keep")
        try Data().write(to: unrelated)
        try ReportFileWriter.write(Data("{}".utf8), to: folder.appendingPathComponent("lint.json"))
        #expect(try Self.hiddenFiles(in: folder) == [".keep"])
        #expect(try String(contentsOf: folder.appendingPathComponent("lint.json"), encoding: .utf8) == "{}")
    }

    @Test("a write that fails leaves neither the report nor a partial file")
    func failedWrite() throws {
        let folder = try Scratch.folder("reports")
        // A folder with a file in it where the report should go: the rename over it fails.
        let target = folder.appendingPathComponent("contract-check.xml")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data().write(to: target.appendingPathComponent("inside"))
        #expect(throws: (any Error).self) { try ReportFileWriter.write(Data("<x/>".utf8), to: target) }
        #expect(try Self.hiddenFiles(in: folder).isEmpty)
    }

    @Test("a report replaces the previous one")
    func replaces() throws {
        let folder = try Scratch.folder("reports")
        let target = folder.appendingPathComponent("lint.json")
        try ReportFileWriter.write(Data("[1]".utf8), to: target)
        try ReportFileWriter.write(Data("[2]".utf8), to: target)
        #expect(try String(contentsOf: target, encoding: .utf8) == "[2]")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["lint.json"])
    }
}
