import ContractReport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a kill -9 of a test process loses of its recording, measured on a real process: a recording backend
/// answering one request after another (`contract-bench record-until-killed`), killed with SIGKILL while it runs.
@Suite struct KilledRecordingTests {
    let cli = CLITests()

    @Test(
        "a process killed with SIGKILL loses at most the exchanges still queued for writing, and records at most one more"
    )
    func killedProcessLosesAtMostTheQueuedExchanges() throws {
        let folder = try cli.temporaryFolder([:])
        // A process that stops answering is killed all the same, after 120 s, and the count below fails.
        let bench = try BenchProcess.start(["record-until-killed", folder.path])
        let (process, output) = (bench.process, bench.output)
        let pid = process.processIdentifier
        var text = ""
        while !text.contains("seen 300\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        kill(pid, SIGKILL)
        process.waitUntilExit()
        // What the client printed between the read above and the signal is still in the pipe.
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        let seen = text.split(separator: "\n").compactMap { Int($0.dropFirst("seen ".count)) }.max() ?? 0
        #expect(seen >= 300, "\(text.suffix(300))")

        let recordings = folder.appendingPathComponent("recordings", isDirectory: true)
        let files = try FileManager.default.contentsOfDirectory(atPath: recordings.path).filter { $0.hasSuffix(".jsonl") }
        #expect(files.count == 1, "\(files)")
        let file = recordings.appendingPathComponent(try #require(files.first))
        let (records, skipped) = try Recording.read(url: file, path: "killed.jsonl")
        // Each exchange is queued before its response is delivered and written right after by the writer's
        // queue: the kill can take the lines still queued (never more than `maximumQueued`), and the exchange
        // being answered may be in the file too (whole, or torn and skipped).
        let lost = seen - records.count
        #expect(
            lost <= RecordingWriter.maximumQueued && records.count <= seen + 1,
            "\(records.count) recorded, \(seen) received")
        print("killed after \(seen) exchanges received: \(records.count) recorded, \(max(lost, 0)) lost")
        #expect(skipped <= 1)
        #expect(records.allSatisfy { $0.exchange.request.method == "POST" && $0.exchange.response.status == 201 })
    }
}
