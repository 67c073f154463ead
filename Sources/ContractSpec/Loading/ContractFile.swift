import ContractJSON
import Foundation

/// One file of a contract, parsed, with the names it goes by.
///
/// A class, because every node the builders visit points at its file: one reference to count
/// instead of five fields.
public final class ContractFile: Sendable {
    /// The file on disk.
    public let url: URL
    /// The absolute URI that `$ref`s and the schema registry know it by (`file:///…`).
    public let uri: String
    /// The path diagnostics print (relative to the working directory when the file is below it).
    public let displayPath: String
    /// The parsed content.
    public let root: JSONValue
    /// JSON or YAML.
    package let format: DocumentFormat
    /// The folder the file is in, as a path: relative `$ref`s start from it (`FilePath`).
    let directoryPath: String
    /// The same folder as a number its workspace gives each folder, for keys (`ReferenceCacheKey`).
    let folder: Int

    /// Creates a file record.
    package init(url: URL, uri: String, displayPath: String, root: JSONValue, format: DocumentFormat, folder: Int = 0) {
        self.url = url
        self.uri = uri
        self.displayPath = displayPath
        self.root = root
        self.format = format
        self.directoryPath = FilePath.directory(of: url.path)
        self.folder = folder
    }

    /// The location of the value `pointer` names, or of its nearest ancestor with a known position.
    public func location(of pointer: JSONPointer) -> SourceLocation {
        SourceLocation(file: displayPath, position: pointer.position(in: root))
    }
}
