import Foundation

/// The recordings of a folder sorted by run: the default `contract-check` run verifies the latest run's
/// only, and a test process that starts recording in a folder removes the earlier runs' files there.
package enum RecordingRuns {
    /// The recording files (`.jsonl`) in `directory` and its subfolders, split into the latest run's and
    /// the rest. The latest run is the run of the file opened last (by the time its name carries, else
    /// its modification time); files without a run in their name count as one run of their own.
    package static func split(_ directory: URL) -> (latest: [URL], earlier: [URL]) {
        let files = TrafficFiles.find(in: [directory.path]).files.filter {
            $0.pathExtension.lowercased() == "jsonl"
        }
        let named = files.map { file in
            let name = RecordingFileName(file.lastPathComponent)
            let opened = name?.opened ?? modificationMilliseconds(file)
            return (file: file, run: name?.run, opened: opened)
        }
        guard let newest = named.max(by: { $0.opened < $1.opened }) else { return ([], []) }
        let latest = named.filter { $0.run == newest.run }.map(\.file)
        let earlier = named.filter { $0.run != newest.run }.map(\.file)
        return (latest, earlier)
    }

    /// Removes the recordings of runs other than `run` directly in `directory` (files named as recordings
    /// are: `recording-….jsonl`); other files stay. What cannot be removed stays too: the default run
    /// ignores it.
    package static func removeEarlier(than run: RecordingRun, in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names {
            guard let parsed = RecordingFileName(name), parsed.run != run else { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    private static func modificationMilliseconds(_ file: URL) -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        let date = attributes?[.modificationDate] as? Date ?? .distantPast
        return Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
