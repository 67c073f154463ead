import ContractReport
import ContractVerify
import Foundation

/// This process's recording file in each folder, opened on the first exchange and shared by every
/// backend that records there (one file per process, as `contract-check` expects). Opening it removes
/// the files of earlier test runs from the folder, so that recordings do not pile up run after run.
enum RecordingFiles {
    private static let writers = Locked<[String: Result<RecordingWriter, RecordingUnavailable>]>([:])

    /// The writer for `directory`, or why there is none. A failure is kept: the folder is not retried
    /// for every exchange.
    static func writer(for directory: URL) -> Result<RecordingWriter, RecordingUnavailable> {
        let key = directory.standardizedFileURL.path
        return writers.withLock { writers in
            if let known = writers[key] { return known }
            let opened: Result<RecordingWriter, RecordingUnavailable>
            do {
                RecordingRuns.removeEarlier(than: .current, in: directory)
                opened = .success(try RecordingWriter(directory: directory, run: .current))
            } catch {
                opened = .failure(RecordingUnavailable(directory: key, reason: error.localizedDescription))
            }
            writers[key] = opened
            return opened
        }
    }
}

/// Why exchanges cannot be recorded in a folder.
struct RecordingUnavailable: Error {
    var directory: String
    var reason: String

    var message: String {
        "cannot record exchanges in \(directory): \(reason); set CONTRACTCHECK_RECORDINGS to a writable folder, "
            + "or to off"
    }
}
