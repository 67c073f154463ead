import ContractJSON
import Foundation

// Memory safety: the file's bytes are lent by `Data.withUnsafeBytes` for the whole parse, which keeps no
// pointer into them; `position(ofByte:)` reads below `min(offset, bytes.count)`, and `bytes[bad]` is an offset
// `UTF8Validation` found inside the buffer.

/// Reads one contract file from disk into a `JSONValue`, refusing what would hurt the loader.
package enum DocumentReader {
    /// Files larger than this are refused before they are read.
    package static let defaultMaximumFileSize = 64 << 20

    /// Reads and parses the file at `url`; `path` is how diagnostics name it.
    package static func read(url: URL, path: String, maximumFileSize: Int = defaultMaximumFileSize) throws(LoadFailure)
        -> (value: JSONValue, format: DocumentFormat)
    {
        let start = SourceLocation(file: path, line: 1, column: 1)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw LoadFailure(
                message: "no such file; check the path", location: SourceLocation(file: path, position: .unknown))
        }
        if isDirectory.boolValue {
            throw LoadFailure(
                message: "is a directory, not a contract file; name a .yaml or .json file",
                location: SourceLocation(file: path, position: .unknown))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        if size > maximumFileSize {
            throw LoadFailure(
                message:
                    "the file is \(size / (1 << 20)) MiB; contracts over \(maximumFileSize / (1 << 20)) MiB are refused "
                    + "(split it with $ref into several files)",
                location: start)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LoadFailure(message: "cannot read the file: \(error.localizedDescription)", location: start)
        }
        guard data.count <= maximumFileSize else {
            throw LoadFailure(
                message: "the file grew beyond \(maximumFileSize >> 20) MiB while being read", location: start)
        }
        return try parse(data, path: path)
    }

    /// Parses bytes already in memory.
    package static func parse(_ data: Data, path: String) throws(LoadFailure) -> (
        value: JSONValue, format: DocumentFormat
    ) {
        let result: Result<(JSONValue, DocumentFormat), LoadFailure> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(LoadFailure) {
                return .success(try parse(bytes, path: path))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(LoadFailure) -> (
        JSONValue, DocumentFormat
    ) {
        let firstContent = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        let format = DocumentFormat.detect(path: path, firstByte: firstContent)
        switch format {
        case .json:
            // The parser checks the bytes of every string that has non-ASCII ones and refuses them
            // anywhere else, so a document it reads is UTF-8: the whole file is checked only when it
            // fails, for the clearer message (a separate pass over it was a percent of each load).
            // A key written twice in an object is refused as a YAML mapping's is.
            let value: JSONValue
            do {
                value = try JSONParser.parse(bytes, refusingRepeatedKeys: true)
            } catch {
                try refuseIfNotUTF8(bytes, path: path)
                throw LoadFailure(
                    message: error.isRepeatedKey ? error.message : "invalid JSON: \(error.message)",
                    location: SourceLocation(file: path, position: error.position))
            }
            return (value, .json)
        case .yaml:
            try refuseIfNotUTF8(bytes, path: path)
            // A UTF-8 byte-order mark (editors on Windows write one) is not content: JSON's reader skips it
            // as well.
            let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
            let content = bytes.starts(with: byteOrderMark) ? bytes.extracting(3...) : bytes
            return (try YAMLReader.read(content, path: path), .yaml)
        }
    }

    private static func refuseIfNotUTF8(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(LoadFailure) {
        guard let bad = UTF8Validation.firstInvalidOffset(in: bytes) else { return }
        throw LoadFailure(
            message:
                "the file is not UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at offset \(bad)); "
                + "save it as UTF-8",
            location: SourceLocation(file: path, position: Self.position(ofByte: bad, in: bytes)))
    }

    /// The line and column (in characters) of a byte offset.
    static func position(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var line = 1
        var column = 1
        for index in 0..<min(offset, bytes.count) {
            if bytes[index] == 0x0A {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }
}
