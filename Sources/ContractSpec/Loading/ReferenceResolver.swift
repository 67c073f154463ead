import ContractJSON
import Foundation

/// Where a `$ref` leads: the file, the pointer inside it, and the value found there.
package struct ResolvedReference: Sendable {
    /// The file holding the target.
    package let file: ContractFile
    /// The target's pointer inside that file.
    package let pointer: JSONPointer
    /// The target value.
    package let value: JSONValue
    /// `uri#pointer`: one string per target, however the `$ref`s that reach it are spelled.
    package let key: String
    /// Where the target is written (found once per resolution, which is cached).
    package let position: SourcePosition
}

/// Resolves `$ref` strings to files and JSON pointers, offline and inside the workspace folder.
enum ReferenceResolver {
    /// Resolves `reference` as written in `file`. A fragment that is a plain name (a 3.1 `$anchor`)
    /// resolves to the whole file; schema anchors are the schema engine's business.
    static func resolve(_ reference: String, from file: ContractFile, in workspace: ContractWorkspace) -> Result<
        ResolvedReference, ReferenceProblem
    > {
        // Real documents repeat the same few $refs thousands of times; each is resolved once per file.
        let cacheKey = ReferenceCacheKey(file: file, reference: reference)
        if let cached = workspace.resolvedReferences[cacheKey] { return cached }
        let result = resolveUncached(reference, from: file, in: workspace)
        workspace.resolvedReferences[cacheKey] = result
        return result
    }

    /// `crossingReferences`: whether a pointer that names nothing as written may pass through `$ref`s
    /// (`throughReferences`); off for the `$ref`s followed on such a way, so that following them cannot
    /// recurse.
    private static func resolveUncached(
        _ reference: String, from file: ContractFile, in workspace: ContractWorkspace, crossingReferences: Bool = true
    ) -> Result<ResolvedReference, ReferenceProblem> {
        if hasPrefix(reference, caseInsensitive: "http://") || hasPrefix(reference, caseInsensitive: "https://") {
            return .failure(
                ReferenceProblem(
                    code: "ref.remote",
                    message:
                        "remote $ref '\(reference)' is not fetched (contract checks run offline); download the file "
                        + "into the contract folder and refer to it by a relative path"))
        }
        let (filePart, fragment) = splitAtFragment(reference)
        var target = file
        if !filePart.isEmpty {
            if let colon = filePart.firstIndex(of: ":"), !filePart[..<colon].utf8.contains(UInt8(ascii: "/")),
                filePart[..<colon].count > 1,
                !filePart.lowercased().hasPrefix("file:")
            {
                return .failure(
                    ReferenceProblem(
                        code: "ref.unsupported",
                        message:
                            "cannot resolve $ref '\(reference)': only relative file paths and fragments are supported"))
            }
            guard
                let decoded = PercentEncoding.decode(
                    filePart.lowercased().hasPrefix("file://") ? String(filePart.dropFirst(7)) : filePart)
            else {
                return .failure(
                    ReferenceProblem(code: "ref.invalid", message: "malformed percent-encoding in $ref '\(reference)'"))
            }
            let path = FilePath.joined(decoded, toDirectory: file.directoryPath)
            guard workspace.contains(path: path) else {
                return .failure(
                    ReferenceProblem(
                        code: "ref.escapes",
                        message:
                            "$ref '\(reference)' leaves the contract folder \(workspace.rootDirectory.path); refs may only name "
                            + "files inside it (the working folder when it holds the contract, as the package does "
                            + "under swift test, else the contract's own; contract-check takes --root to widen it)"))
            }
            do {
                target = try workspace.file(atPath: path)
            } catch {
                return .failure(
                    ReferenceProblem(
                        code: "ref.file", message: "$ref '\(reference)': \(error.location): \(error.message)"))
            }
        }
        if fragment.isEmpty || !fragment.hasPrefix("/") && !fragment.hasPrefix("%2F") && !fragment.hasPrefix("%2f") {
            return .success(
                ResolvedReference(
                    file: target, pointer: .root, value: target.root, key: target.uri + "#",
                    position: JSONPointer.root.position(in: target.root)))
        }
        guard let pointer = JSONPointer(fragment: fragment) else {
            return .failure(
                ReferenceProblem(code: "ref.invalid", message: "$ref '\(reference)' has a malformed JSON pointer"))
        }
        guard let (value, position) = pointer.resolveWithPosition(in: target.root) else {
            if crossingReferences, let through = throughReferences(pointer, in: target, workspace: workspace) {
                return .success(through)
            }
            return .failure(
                ReferenceProblem(
                    code: "ref.unresolved",
                    message: "$ref '\(reference)' names nothing in \(target.displayPath)"
                        + suggestion(for: pointer, in: target, workspace: workspace)))
        }
        // A fragment without percent-encoding is already the pointer's own spelling (its `~0`/`~1`
        // escapes read back as written), so the key need not be spelled out again from the tokens.
        let spelling = fragment.containsUTF8Byte(where: { $0 == UInt8(ascii: "%") }) ? pointer.description : fragment
        return .success(
            ResolvedReference(
                file: target, pointer: pointer, value: value, key: target.uri + "#" + spelling, position: position))
    }

    /// Where `pointer` leads in `file` when it passes through `$ref`s, as pointers copied from a dereferenced
    /// view of a document are written (PagerDuty's discriminator mappings are); see
    /// `JSONPointer.resolvingThroughReferences`. The `$ref`s on the way resolve as written, without crossing
    /// any themselves, so that following them cannot recurse.
    private static func throughReferences(_ pointer: JSONPointer, in file: ContractFile, workspace: ContractWorkspace)
        -> ResolvedReference?
    {
        let reached = pointer.resolvingThroughReferences(from: file, root: file.root) { text, file, _ in
            guard case .success(let next) = resolveUncached(text, from: file, in: workspace, crossingReferences: false)
            else { return nil }
            return (next.file, next.pointer, next.value)
        }
        guard let (file, at) = reached, let (found, position) = at.resolveWithPosition(in: file.root) else {
            return nil
        }
        return ResolvedReference(
            file: file, pointer: at, value: found, key: file.uri + "#" + at.description, position: position)
    }

    /// The reference's file part and fragment, cut at its first `#`: on the bytes when the reference
    /// is ASCII, as nearly all are (the `Character` split cost more than the rest of resolving one);
    /// by `Character`s otherwise, where a `#` can belong to a larger character.
    static func splitAtFragment(_ reference: String) -> (file: String, fragment: String) {
        var text = reference
        let ascii = text.withUTF8 { bytes -> (file: String, fragment: String)? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard let hash = bytes.firstIndex(of: UInt8(ascii: "#")) else { return (reference, "") }
            return (
                String(decoding: bytes[..<hash], as: UTF8.self),
                String(decoding: bytes[(hash + 1)...], as: UTF8.self)
            )
        }
        if let ascii { return ascii }
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        return (parts.first.map(String.init) ?? "", parts.count > 1 ? String(parts[1]) : "")
    }

    /// Whether `text` starts with the ASCII `prefix` (written in lower case) in any case, without a
    /// lower-cased copy of the whole reference.
    private static func hasPrefix(_ text: String, caseInsensitive prefix: StaticString) -> Bool {
        var bytes = text.utf8.makeIterator()
        for index in 0..<prefix.utf8CodeUnitCount {
            guard let byte = bytes.next() else { return false }
            let expected = prefix.utf8Start[index]
            let isLetter = expected >= UInt8(ascii: "a") && expected <= UInt8(ascii: "z")
            guard byte == expected || (isLetter && byte == expected - 0x20) else { return false }
        }
        return true
    }

    /// "did you mean" for the last token, from the keys that do exist at the parent.
    private static func suggestion(for pointer: JSONPointer, in file: ContractFile, workspace: ContractWorkspace)
        -> String
    {
        guard let parent = pointer.parent, let last = pointer.lastToken,
            let siblings = parent.resolve(in: file.root)?.objectValue
        else {
            return ""
        }
        let key = file.uri + "#" + parent.description
        let index = workspace.memberNameIndexes[key] ?? NameIndex(siblings.keys)
        workspace.memberNameIndexes[key] = index
        guard let best = index.nearest(to: last, atMost: max(2, last.count / 3)) else { return "" }
        return "; did you mean '\(best)'?"
    }
}

/// A `$ref` as written where it is written: the unit the workspace caches resolutions by.
///
/// A reference into its own file (`#/…`) is known with the file, by identity (the workspace keeps each
/// file for as long as it keeps this cache); one that names a file resolves the same from every file of a
/// folder, so it is known with the folder, and a description split into a file per operation resolves
/// `../models/droplet.yml#/…` once per folder rather than once per file (DigitalOcean's made that 16,000
/// resolutions). The reference is known by its `KeyHash`: hashing a long URI with SipHash on every lookup
/// cost more than resolving.
struct ReferenceCacheKey: Hashable {
    private enum Scope: Hashable {
        case file(ObjectIdentifier)
        case folder(Int)
    }

    private let scope: Scope
    let reference: HashedText

    init(file: ContractFile, reference: String) {
        scope = reference.isEmpty || reference.hasPrefix("#") ? .file(ObjectIdentifier(file)) : .folder(file.folder)
        self.reference = HashedText(reference)
    }
}

/// Why a `$ref` could not be followed.
struct ReferenceProblem: Error {
    let code: String
    let message: String
}
