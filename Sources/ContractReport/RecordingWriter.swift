import ContractVerify
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends exchanges to this process's recording file, one line per exchange, one `write(2)` per line.
/// Unchecked Sendable: its stored properties are `let`s, and writes to the file are made holding `lock`.
package final class RecordingWriter: @unchecked Sendable {
    /// The file this process writes.
    package let url: URL
    private let descriptor: Int32
    // Serialises writers within the process; the descriptor is written only under it.
    private let lock = NSLock()

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
    }

    deinit {
        close(descriptor)
    }

    /// Appends one exchange and the violations found when it happened. Safe from any thread.
    package func append(_ entry: TrafficEntry, violations: [ContractViolation] = []) {
        let bytes = Recording.lineBytes(for: entry, violations: violations)
        lock.lock()
        defer { lock.unlock() }
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
