/// The comma-separated tokens of a list-valued header field (`Vary`, `Connection`, `Content-Encoding`):
/// each of the field's values split at commas, without the spaces and tabs around them, lowercased, the empty
/// ones left out.
package enum FieldTokens {
    package static func of(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.compactMap { token in
            var text = token
            while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
            while let last = text.last, last == " " || last == "\t" { text.removeLast() }
            return text.isEmpty ? nil : text.lowercased()
        }
    }
}
