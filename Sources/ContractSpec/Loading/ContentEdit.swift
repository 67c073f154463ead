import ContractJSON

/// A value the loader writes in place of another in a file's parsed content, so that every later stage
/// reads it as written there (`SchemaMapReference`, `EnclosingDefinitions`).
struct ContentEdit {
    let file: ContractFile
    let pointer: JSONPointer
    let replacement: JSONValue
}

extension ContractWorkspace {
    /// Writes each edit's replacement in place, in the files' parsed content.
    func apply(_ edits: [ContentEdit]) {
        var order: [ObjectIdentifier] = []
        var byFile: [ObjectIdentifier: (file: ContractFile, root: JSONValue)] = [:]
        for edit in edits {
            let key = ObjectIdentifier(edit.file)
            if byFile[key] == nil {
                order.append(key)
                byFile[key] = (edit.file, edit.file.root)
            }
            guard let entry = byFile[key],
                let root = Self.replacing(in: entry.root, at: edit.pointer.tokens[...], with: edit.replacement)
            else { continue }
            byFile[key] = (entry.file, root)
        }
        for key in order {
            guard let entry = byFile[key] else { continue }
            replaceContent(of: entry.file, with: entry.root)
        }
    }

    /// `value` with the value at `tokens` replaced, or `nil` when nothing is there.
    private static func replacing(in value: JSONValue, at tokens: ArraySlice<String>, with replacement: JSONValue)
        -> JSONValue?
    {
        guard let token = tokens.first else { return replacement }
        switch value {
        case .object(var object):
            guard let child = object[token],
                let replaced = replacing(in: child, at: tokens.dropFirst(), with: replacement)
            else { return nil }
            object[token] = replaced
            return .object(object)
        case .array(var elements):
            guard let index = Int(token), elements.indices.contains(index),
                let replaced = replacing(in: elements[index], at: tokens.dropFirst(), with: replacement)
            else { return nil }
            elements[index] = replaced
            return .array(elements)
        default:
            return nil
        }
    }
}
