import ContractJSON
import ContractReport
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

@testable import ContractInterception

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The backend's recordings: what `contract-check` reads after `swift test`.
@Suite struct RecordingTests {
    static func folder() -> URL {
        Scratch.path("recordings")
    }

    static func lines(in folder: URL) throws -> [JSONValue] {
        // What the backends queued is written first, as it is when the process ends.
        LiveRecordingWriters.flushAll()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
        #expect(files.count == 1, "one file per process and folder: \(files)")
        let data = try Data(contentsOf: folder.appendingPathComponent(try #require(files.first)))
        return try data.split(separator: UInt8(ascii: "\n")).map { try JSONParser.parse($0) }
    }

    @Test("every exchange is appended with its test, contract, response or transport error, and violations")
    func recordsEveryExchange() async throws {
        let folder = Self.folder()
        let backend = try ContractBackend(contract: Fixture.contract, recording: .directory(folder))
        backend.testLocation = "Tests/PetTests.swift:12"
        backend.stub("getPet", .sequence(Fixture.petResponse, .failure(.timedOut)))
        _ = try await backend.session.data(for: Fixture.request())
        await #expect(throws: URLError(.timedOut)) { try await backend.session.data(for: Fixture.request()) }
        _ = try await backend.session.data(for: Fixture.request("GET", "/pets/not-a-uuid"))
        let lines = try Self.lines(in: folder)
        #expect(lines.count == 3)
        let contract = try #require(lines.first?["contract"]?.stringValue)
        #expect(URL(fileURLWithPath: contract).standardizedFileURL.path == Fixture.contract.standardizedFileURL.path)
        #expect(lines.allSatisfy { $0["test"]?.stringValue == "Tests/PetTests.swift:12" })
        // A backend with the default options records none.
        #expect(lines.allSatisfy { $0["options"] == nil })
        #expect(lines[0]["response"]?["status"]?.numberValue?.int64Value == 200)
        #expect(lines[0]["violations"] == nil)
        #expect(lines[1]["response"] == nil)
        #expect(lines[1]["failure"]?.stringValue == "timedOut")
        let violations = try #require(lines[2]["violations"]?.arrayValue)
        #expect(violations.compactMap { $0["kind"]?.stringValue } == ["request.parameter.schema"])
        // The same lines read back as traffic, one per exchange.
        let file = folder.appendingPathComponent(try FileManager.default.contentsOfDirectory(atPath: folder.path)[0])
        let (records, skipped) = try Recording.read(url: file, path: "r.jsonl")
        #expect(records.count == 3 && skipped == 0)
        #expect(records[1].failure == "timedOut" && !records[1].hasResponse)
    }

    @Test("a backend's options that differ from the defaults are in every line it records")
    func recordsOptions() async throws {
        let folder = Self.folder()
        let options = VerifierOptions(strict: true, checksAccept: false)
        let backend = try ContractBackend(contract: Fixture.contract, options: options, recording: .directory(folder))
        backend.stub("getPet", Fixture.petResponse)
        _ = try await backend.session.data(for: Fixture.request())
        let line = try #require(try Self.lines(in: folder).first)
        #expect(line["options"] == ["strict": true, "checksAccept": false])
    }

    @Test("backends recording to one folder share this process's file; .off writes nothing")
    func sharedFileAndOff() async throws {
        let folder = Self.folder()
        let first = try ContractBackend(contract: Fixture.contract, recording: .directory(folder))
        let second = try ContractBackend(contract: Fixture.contract, recording: .directory(folder))
        let off = try ContractBackend(contract: Fixture.contract, recording: .off)
        for backend in [first, second, off] {
            backend.stub("getPet", Fixture.petResponse)
            _ = try await backend.session.data(for: Fixture.request())
        }
        #expect(try Self.lines(in: folder).count == 2)
    }

    @Test("a folder that cannot be written is reported once per backend, naming the folder and what to do")
    func unwritableFolder() async throws {
        let blocker = Self.folder()
        try Data("a file, not a folder".utf8).write(to: blocker)
        let backend = try ContractBackend(
            contract: Fixture.contract, recording: .directory(blocker.appendingPathComponent("recordings")))
        backend.stub("getPet", Fixture.petResponse)
        for _ in 0..<2 { _ = try await backend.session.data(for: Fixture.request()) }
        let messages = backend.problems.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("cannot record exchanges in \(blocker.path)/recordings: ") == true)
        #expect(messages.first?.hasSuffix("set CONTRACTCHECK_RECORDINGS to a writable folder, or to off") == true)
    }

    @Test("the default comes from CONTRACTCHECK_RECORDINGS, else .build/contract-check/recordings in a package")
    func defaultFromEnvironment() throws {
        let package = Corpus.packageRoot.path
        #expect(
            ExchangeRecording.fromEnvironment([:], workingDirectory: package)
                == .directory(Corpus.packageRoot.appendingPathComponent(".build/contract-check/recordings", isDirectory: true)))
        #expect(ExchangeRecording.fromEnvironment(["CONTRACTCHECK_RECORDINGS": "off"], workingDirectory: package) == .off)
        #expect(
            ExchangeRecording.fromEnvironment(["CONTRACTCHECK_RECORDINGS": "/tmp/rec"], workingDirectory: "/")
                == .directory(URL(fileURLWithPath: "/tmp/rec", isDirectory: true)))
        // Not a package (an app's test bundle): nothing by default rather than a folder it cannot write.
        #expect(ExchangeRecording.fromEnvironment([:], workingDirectory: "/") == .off)
    }
}
