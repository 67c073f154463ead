import Foundation

/// A file read a chunk at a time, so that traffic files of any size are read in the same memory.
struct FileChunks {
    /// Bytes read per chunk: large enough that reading costs few system calls, small enough to be no
    /// concern next to the exchanges a run verifies.
    static let chunkSize = 1 << 20

    private let handle: FileHandle

    /// Opens the file; `nil` when it cannot be read.
    init?(url: URL) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
            let handle = try? FileHandle(forReadingFrom: url)
        else { return nil }
        self.handle = handle
    }

    /// The next chunk; empty at the end of the file.
    func next() throws -> [UInt8] {
        guard let data = try handle.read(upToCount: Self.chunkSize) else { return [] }
        return [UInt8](data)
    }

    func close() {
        try? handle.close()
    }
}
