import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a report file whole or not at all: the bytes go to a partial file beside it, which is then
/// renamed over it, so a reader never sees half a report and a run killed half-way leaves the previous
/// one whole.
///
/// The partial file is named `.<report>.<process id>.contract-check-partial`. A write that fails removes
/// it; one that never finishes (the process killed) leaves it, and the next write to that folder removes
/// every such file whose process is gone, so a `Reports/` folder does not collect them.
package enum ReportFileWriter {
    /// The end of a partial file's name.
    package static let partialSuffix = ".contract-check-partial"

    /// Writes `data` to `url`, replacing any file there.
    /// - Throws: the error that stopped the write; nothing is left behind then.
    package static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        removeAbandonedPartialFiles(in: folder)
        let partial = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)\(partialSuffix)")
        do {
            try data.write(to: partial)
            guard rename(partial.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    /// Removes the partial files in `folder` that processes no longer running left behind.
    static func removeAbandonedPartialFiles(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(".") && name.hasSuffix(partialSuffix) {
            let parts = name.dropLast(partialSuffix.count).split(separator: ".")
            guard let process = parts.last.flatMap({ Int32($0) }), !isRunning(process) else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private static func isRunning(_ process: Int32) -> Bool {
        if process == ProcessInfo.processInfo.processIdentifier { return true }
        return kill(process, 0) == 0 || errno == EPERM
    }
}
