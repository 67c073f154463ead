/// The lines of a recording, read a chunk at a time: each complete line is handed out once, with its
/// number, and only the line being assembled is kept between chunks.
struct RecordingLines {
    private let chunks: FileChunks
    private var chunk: [UInt8] = []
    private var offset = 0
    /// The start of a line that began in an earlier chunk.
    private var carried: [UInt8] = []
    private var number = 0
    private var finished = false

    init(_ chunks: FileChunks) {
        self.chunks = chunks
    }

    /// The next line (without its newline) and its number, counted from 1; `nil` at the end of the file.
    mutating func next() throws -> (line: ArraySlice<UInt8>, number: Int)? {
        while !finished {
            if let newline = chunk[offset...].firstIndex(of: UInt8(ascii: "\n")) {
                number += 1
                defer { offset = newline + 1 }
                if carried.isEmpty { return (chunk[offset..<newline], number) }
                carried += chunk[offset..<newline]
                defer { carried = [] }
                return (carried[...], number)
            }
            carried += chunk[offset...]
            chunk = try chunks.next()
            offset = 0
            finished = chunk.isEmpty
        }
        guard !carried.isEmpty else { return nil }
        number += 1
        defer { carried = [] }
        return (carried[...], number)
    }
}
