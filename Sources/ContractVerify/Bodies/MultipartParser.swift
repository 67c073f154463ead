/// Splits a `multipart/*` body (RFC 2046) into parts with their headers; bodies stay bytes.
struct MultipartParser {
    struct Part: Sendable {
        let headers: HTTPHeaders
        let body: ArraySlice<UInt8>

        /// The `name` of `Content-Disposition: form-data; name="file"`.
        var name: String? {
            guard let disposition = headers["Content-Disposition"] else { return nil }
            for piece in disposition.split(separator: ";").dropFirst() {
                let pair = piece.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "name" else { continue }
                var value = pair[1].trimmingSpaces
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                }
                return value
            }
            return nil
        }
    }

    let boundary: String

    /// The parts, or a failure naming what is wrong with the framing.
    func parts(of bytes: [UInt8]) throws(DecodeFailure) -> [Part] {
        let delimiter = Array(("--" + boundary).utf8)
        var positions: [Int] = []
        var index = 0
        while let found = Self.find(delimiter, in: bytes, from: index) {
            // A delimiter counts at the start of the body or after a line break.
            if found == 0 || bytes[found - 1] == UInt8(ascii: "\n") { positions.append(found) }
            index = found + delimiter.count
        }
        guard positions.count >= 2 else {
            throw DecodeFailure(
                expected: "a multipart body framed by --\(boundary)", actual: "\(positions.count) delimiter(s)")
        }
        var parts: [Part] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var bodyEnd = end
            if bodyEnd > 0, bytes[bodyEnd - 1] == UInt8(ascii: "\n") { bodyEnd -= 1 }
            if bodyEnd > 0, bytes[bodyEnd - 1] == UInt8(ascii: "\r") { bodyEnd -= 1 }
            let afterDelimiter = start + delimiter.count
            guard afterDelimiter <= bodyEnd else { continue }
            parts.append(try part(bytes[afterDelimiter..<bodyEnd]))
        }
        return parts
    }

    private func part(_ slice: ArraySlice<UInt8>) throws(DecodeFailure) -> Part {
        // Skip the rest of the delimiter line, then read header lines up to an empty line.
        var cursor = slice.startIndex
        guard let firstBreak = slice[cursor...].firstIndex(of: UInt8(ascii: "\n")) else {
            throw DecodeFailure(expected: "a line break after the multipart delimiter", actual: "none")
        }
        cursor = firstBreak + 1
        var headers = HTTPHeaders()
        while cursor < slice.endIndex {
            let lineEnd = slice[cursor...].firstIndex(of: UInt8(ascii: "\n")) ?? slice.endIndex
            var line = slice[cursor..<lineEnd]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            cursor = min(lineEnd + 1, slice.endIndex)
            if line.isEmpty { return Part(headers: headers, body: slice[cursor...]) }
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else {
                throw DecodeFailure(expected: "a part header line 'Name: value'", actual: Excerpt.quoted(text))
            }
            headers.add(String(text[..<colon]), text[text.index(after: colon)...].trimmingSpaces)
        }
        throw DecodeFailure(expected: "an empty line after the part headers", actual: "end of body")
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
