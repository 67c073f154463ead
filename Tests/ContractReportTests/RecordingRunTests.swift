import ContractTestSupport
import ContractVerify
import Foundation
import Testing

@testable import ContractReport

@Suite("Recordings of one test run")
struct RecordingRunTests {
    static func touch(_ folder: URL, _ name: String, modified: Date? = nil) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: url)
        if let modified { try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path) }
    }

    @Test("a run is named by CONTRACTCHECK_RUN, else by the parent process and its start time")
    func naming() {
        // `/proc/<pid>/stat`: the command name may hold spaces and parentheses; field 22 is the start time.
        let stat = "4242 (swift-test (x) y) S 100 4242 100 0 -1 4194304 10 0 0 0 1 2 0 0 20 0 8 0 987654 123 456"
        #expect(RecordingRun.named(environment: [:], parent: 4242, parentStat: stat).id == "p4242.987654")
        #expect(RecordingRun.named(environment: [:], parent: 4242, parentStat: nil).id == "p4242")
        #expect(RecordingRun.named(environment: [:], parent: 4242, parentStat: "garbage").id == "p4242")
        let named = RecordingRun.named(environment: ["CONTRACTCHECK_RUN": "ci-build 17/3"], parent: 1, parentStat: stat)
        #expect(named.id == "cibuild173")
        #expect(RecordingRun(id: "--/") == nil)
    }

    @Test("a writer names its file for its run; the latest run's files are read, the earlier runs' are not")
    func latestRun() throws {
        let folder = Scratch.path("runs")
        let early = try #require(RecordingRun(id: "p10.5"))
        let late = try #require(RecordingRun(id: "p20.9"))
        let first = try RecordingWriter(directory: folder, run: early)
        let second = try RecordingWriter(directory: folder, run: late)
        // A second process of the late run, which opened its file after the other one.
        Thread.sleep(forTimeInterval: 0.002)
        let sibling = try RecordingWriter(directory: folder, run: late)
        // A file from before runs were named, written long ago.
        try Self.touch(folder, "recording-999-abcdef12.jsonl", modified: Date(timeIntervalSince1970: 1_000))
        #expect(first.url.lastPathComponent.hasPrefix("recording-p10.5-"))
        let split = RecordingRuns.split(folder)
        #expect(Set(split.latest.map(\.lastPathComponent)) == [second.url.lastPathComponent, sibling.url.lastPathComponent])
        #expect(Set(split.earlier.map(\.lastPathComponent)) == [first.url.lastPathComponent, "recording-999-abcdef12.jsonl"])
    }

    @Test("files without a run in their name are one run: the latest when nothing newer is named")
    func unnamedFiles() throws {
        let folder = Scratch.path("runs")
        try Self.touch(folder, "recording-1-aaaaaaaa.jsonl", modified: Date(timeIntervalSince1970: 1_000))
        try Self.touch(folder, "recording-2-bbbbbbbb.jsonl", modified: Date(timeIntervalSince1970: 2_000))
        let split = RecordingRuns.split(folder)
        #expect(split.latest.count == 2 && split.earlier.isEmpty)
        #expect(RecordingRuns.split(folder.appendingPathComponent("missing")).latest.isEmpty)
    }

    @Test("a new run removes the earlier runs' recordings and nothing else")
    func removal() throws {
        let folder = Scratch.path("runs")
        let current = try #require(RecordingRun(id: "p30.1"))
        let old = try RecordingWriter(directory: folder, run: try #require(RecordingRun(id: "p29.1")))
        let mine = try RecordingWriter(directory: folder, run: current)
        try Self.touch(folder, "recording-7-aaaaaaaa.jsonl")
        try Self.touch(folder, "notes.jsonl")
        try Self.touch(folder, "recording-by-hand.txt")
        RecordingRuns.removeEarlier(than: current, in: folder)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(left == [mine.url.lastPathComponent, "notes.jsonl", "recording-by-hand.txt"])
        #expect(!FileManager.default.fileExists(atPath: old.url.path))
    }
}

@Suite("Options in recordings")
struct RecordedOptionsTests {
    @Test("the defaults write nothing; each option that differs is written and read back")
    func roundTrip() throws {
        #expect(RecordedOptions.json(VerifierOptions()) == nil)
        var options = VerifierOptions(
            baseURLs: ["http://localhost:8080/v1"], trailingSlash: .ignore, strict: true, checksAccept: false,
            headUsesGet: false, redactsSecrets: false, secretNames: ["X-Session", "X-Api-Key"])
        options.nullable = .strict
        let json = try #require(RecordedOptions.json(options))
        #expect(json.objectValue?.count == 8)
        let read = RecordedOptions.options(from: json)
        #expect(read.baseURLs == options.baseURLs)
        #expect(read.trailingSlash == .ignore)
        #expect(read.strict && !read.checksAccept && !read.headUsesGet && !read.redactsSecrets)
        #expect(read.secretNames == options.secretNames)
        #expect(read.nullable == .strict)
        let one = try #require(RecordedOptions.json(VerifierOptions(checksAccept: false)))
        #expect(one.objectValue?.count == 1)
        let defaults = RecordedOptions.options(from: nil)
        #expect(defaults.checksAccept && defaults.headUsesGet && defaults.redactsSecrets && !defaults.strict)
    }

    @Test("a line in the middle of a recording that is not an exchange is an error naming the line")
    func damagedRecording() throws {
        let url = try TrafficReadingTests.write("not json\n{\"version\": 1}\n", name: "r.jsonl")
        #expect {
            try Recording.read(url: url, path: "r.jsonl")
        } throws: { error in
            (error as? TrafficReadError)?.description
                == "r.jsonl:1:1: error: not a recorded exchange (the recording is damaged, or not a recording)"
        }
    }
}
