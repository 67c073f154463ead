import ContractJSON
import Foundation

/// The files of one contract, loaded once each, within a folder tree that `$ref`s may not leave.
package final class ContractWorkspace {
    /// `$ref`s may name files in this folder or below it, nothing else.
    package let rootDirectory: URL
    private let workingDirectory: String
    private var files: [String: ContractFile] = [:]
    private var failures: [String: LoadFailure] = [:]
    /// `$ref`s already resolved, by the referring file's URI and the reference text.
    var resolvedReferences: [ReferenceCacheKey: Result<ResolvedReference, ReferenceProblem>] = [:]
    /// "Did you mean" indexes of the member names of objects that `$ref`s look for a missing member in,
    /// by file URI and the object's pointer: built on the first miss, kept for the next.
    var memberNameIndexes: [String: NameIndex] = [:]
    /// Files in the order they were first loaded.
    package private(set) var loadOrder: [String] = []
    /// Each path `$ref`s named (made standard, without `.` and `..`) with its symbolic links resolved: resolving
    /// one asks the file system about every folder on the way, and a description split into thousands of files
    /// names the same few hundred again and again (DigitalOcean's made a quarter of a million such calls).
    private var canonicalURLs: [String: URL] = [:]
    /// A number per folder files were loaded from (`ContractFile.folder`).
    private var folders: [String: Int] = [:]

    /// Creates a workspace whose `$ref`s stay inside `rootDirectory`.
    package init(rootDirectory: URL) {
        self.rootDirectory = rootDirectory.standardizedFileURL.resolvingSymlinksInPath()
        self.workingDirectory = FileManager.default.currentDirectoryPath
    }

    /// Every file loaded so far.
    package var loadedFiles: [ContractFile] { loadOrder.compactMap { files[$0] } }

    /// Loads the file at `url` (once; later calls return the same file or the same failure).
    package func file(at url: URL) throws(LoadFailure) -> ContractFile {
        try file(atPath: FilePath.joined(url.absoluteURL.path, toDirectory: "/"))
    }

    /// The same for an absolute path made standard (a `$ref`'s file, joined by `FilePath`).
    func file(atPath path: String) throws(LoadFailure) -> ContractFile {
        let resolved = canonical(path)
        let key = resolved.path
        if let file = files[key] { return file }
        if let failure = failures[key] { throw failure }
        let display = displayPath(for: resolved)
        do {
            let (value, format) = try DocumentReader.read(url: resolved, path: display)
            let file = ContractFile(
                url: resolved, uri: resolved.absoluteString, displayPath: display, root: value, format: format,
                folder: folder(of: resolved))
            files[key] = file
            loadOrder.append(key)
            return file
        } catch {
            failures[key] = error
            throw error
        }
    }

    /// Gives `file` new parsed content under the same names (see `SchemaMapReference`); `$ref`s resolved
    /// against the old content are forgotten.
    func replaceContent(of file: ContractFile, with root: JSONValue) {
        let key = file.url.path
        guard files[key] === file else { return }
        files[key] = ContractFile(
            url: file.url, uri: file.uri, displayPath: file.displayPath, root: root, format: file.format,
            folder: file.folder)
        resolvedReferences = [:]
        memberNameIndexes = [:]
    }

    /// Whether `url` lies inside the root folder.
    package func contains(_ url: URL) -> Bool {
        contains(path: FilePath.joined(url.absoluteURL.path, toDirectory: "/"))
    }

    /// The same for an absolute path made standard.
    func contains(path: String) -> Bool {
        let path = canonical(path).path
        let root = rootDirectory.path.hasSuffix("/") ? rootDirectory.path : rootDirectory.path + "/"
        return path == rootDirectory.path || path.hasPrefix(root)
    }

    /// The number of the folder `url` is in.
    private func folder(of url: URL) -> Int {
        let path = FilePath.directory(of: url.path)
        if let known = folders[path] { return known }
        folders[path] = folders.count
        return folders.count - 1
    }

    /// The absolute, standard `path` with its symbolic links resolved, once per path.
    private func canonical(_ path: String) -> URL {
        if let known = canonicalURLs[path] { return known }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        canonicalURLs[path] = resolved
        return resolved
    }

    private func displayPath(for url: URL) -> String {
        DisplayPath.of(url.path, workingDirectory: workingDirectory)
    }
}
