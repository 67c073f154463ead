import ContractVerify
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends exchanges to this process's recording file, one line per exchange.
///
/// `append` queues the exchange and returns: the request path pays for a lock and an array append
/// (about 1–3 µs), not for building a 3 KB line and a `write(2)` (12–40 µs on a shared two-core machine;
/// `contract-bench record` and `contract-bench intercept` measure both). A serial queue builds the lines
/// queued so far and writes them with one `write(2)` per batch, as soon as it runs, so what a process
/// killed with SIGKILL loses is the lines still queued at that moment: the exchanges answered in the last
/// few microseconds, and never more than `maximumQueued`, because an `append` that finds that many
/// queued writes them itself before it returns. A process that ends through `exit` (a test run's end)
/// writes everything: every writer is flushed when the process exits, and reading a recording in this
/// process (`Recording.read`) flushes first.
package final class RecordingWriter: Sendable {
    /// The most exchanges queued and not yet written: the most a SIGKILL can take from the recording
    /// beyond the exchanges being answered at that moment.
    package static let maximumQueued = 32

    /// The file this process writes.
    package let url: URL
    private let descriptor: Int32
    private let queued = Locked<[QueuedExchange]>([])
    private let writing = DispatchQueue(label: "ContractCheck.RecordingWriter")

    /// Opens (creating it and its folder) a file of its own for this process in `directory`, named for
    /// `run` (see `RecordingRuns`).
    package init(directory: URL = Recording.defaultDirectory, run: RecordingRun = .current) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let name = RecordingFileName.make(
            run: run, opened: Date(), process: ProcessInfo.processInfo.processIdentifier)
        url = directory.appendingPathComponent(name)
        descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        LiveRecordingWriters.add(self)
    }

    deinit {
        // Every queued exchange has a block on `writing` that holds this writer, so none is left here.
        close(descriptor)
    }

    /// Queues one exchange and the violations found when it happened, to be written in order with the
    /// others. Safe from any thread.
    package func append(_ entry: TrafficEntry, violations: [ContractViolation] = []) {
        let count = queued.withLock { queued in
            queued.append(QueuedExchange(entry: entry, violations: violations))
            return queued.count
        }
        // The first exchange queued after a batch was taken schedules the next batch; later ones join it.
        if count == 1 {
            writing.async { self.writeQueued() }
        } else if count >= Self.maximumQueued {
            writing.sync { writeQueued() }
        }
    }

    /// Writes every exchange queued so far before it returns.
    package func flush() {
        writing.sync { writeQueued() }
    }

    /// Takes the queued exchanges and writes their lines with one `write(2)`. Runs on `writing` only.
    private func writeQueued() {
        let batch = queued.withLock { queued in
            defer { queued = [] }
            return queued
        }
        guard !batch.isEmpty else { return }
        var bytes: [UInt8] = []
        for exchange in batch {
            RecordingLine.write(exchange.entry, violations: exchange.violations, into: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written <= 0 {
                    if written < 0, errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}

/// An exchange waiting for the writer's queue.
private struct QueuedExchange: Sendable {
    var entry: TrafficEntry
    var violations: [ContractViolation]
}

/// Every recording writer alive in this process, so that all of them can be flushed when the process
/// exits or reads a recording. Holds them weakly: a writer no one uses is closed as before.
package enum LiveRecordingWriters {
    private struct Entry: Sendable {
        weak var writer: RecordingWriter?
    }

    private static let writers = Locked<[Entry]>([])
    private static let flushAtExit: Void = {
        atexit { LiveRecordingWriters.flushAll() }
    }()

    static func add(_ writer: RecordingWriter) {
        _ = flushAtExit
        writers.withLock { writers in
            writers.removeAll { $0.writer == nil }
            writers.append(Entry(writer: writer))
        }
    }

    /// Writes what every writer in this process has queued.
    package static func flushAll() {
        for writer in writers.withLock({ $0.compactMap(\.writer) }) { writer.flush() }
    }
}
