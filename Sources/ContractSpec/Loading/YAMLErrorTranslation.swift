import ContractJSON
import Yams

extension YAMLReader {
    /// Turns Yams's errors into one-line messages with a file:line:column.
    static func translate(_ error: any Error, text: String, path: String) -> LoadFailure {
        guard let yamlError = error as? YamlError else {
            return LoadFailure(
                message: "cannot read YAML: \(error)", location: SourceLocation(file: path, line: 1, column: 1))
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line))" }
            return LoadFailure(
                message: message, location: SourceLocation(file: path, line: mark.line, column: mark.column))
        case .reader(let problem, let offset, _, _):
            let position = offset.map { lineAndColumn(ofByte: $0, in: text) } ?? SourcePosition(line: 1, column: 1)
            return LoadFailure(
                message: "cannot read YAML: \(problem)", location: SourceLocation(file: path, position: position))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return duplicateKeyFailure(duplicates: duplicates, firstMark: context.mark, text: text, path: path)
        default:
            return LoadFailure(
                message: "cannot read YAML: \(yamlError)", location: SourceLocation(file: path, line: 1, column: 1))
        }
    }

    /// Yams names the first duplicate key only; the second is found by looking for the same key at the
    /// same indentation further down, which is where a block mapping's sibling keys stand.
    private static func duplicateKeyFailure(duplicates: [String], firstMark: Mark, text: String, path: String)
        -> LoadFailure
    {
        let key = duplicates.first ?? "?"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var secondLine: Int?
        if firstMark.line >= 1, firstMark.line <= lines.count {
            let indent = firstMark.column - 1
            for index in firstMark.line..<lines.count {
                let line = lines[index]
                let leading = line.prefix { $0 == " " || $0 == "-" }.count
                if leading < indent, !line.trimmingCharacters(in: .whitespaces).isEmpty, index > firstMark.line {
                    break
                }
                let body = line.dropFirst(indent)
                if leading == indent || leading >= indent,
                    body.hasPrefix(key + ":") || body.hasPrefix("\"\(key)\":") || body.hasPrefix("'\(key)':")
                {
                    secondLine = index + 1
                    break
                }
            }
        }
        let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
        var message = "duplicate key \(names) in a mapping: first at line \(firstMark.line)"
        if let secondLine { message += ", again at line \(secondLine)" }
        message += "; keys must be unique, remove or rename one"
        return LoadFailure(
            message: message,
            location: SourceLocation(file: path, line: secondLine ?? firstMark.line, column: firstMark.column))
    }

    static func lineAndColumn(ofByte offset: Int, in text: String) -> SourcePosition {
        var line = 1
        var column = 1
        for (index, byte) in text.utf8.enumerated() {
            if index >= offset { break }
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }
}
