import Foundation

/// Which of a check's contracts a recording names: the recording gives the contract's path as its test
/// process named it (relative to that process's working directory, or absolute), which matches a contract
/// when both name the same file once standardized. Standardizing a path asks the file system, so each
/// contract's path is standardized once and each path a recording names is looked up once, not once per
/// exchange.
struct ContractFileNames {
    /// At most this many recorded paths are remembered (a run reads a few: one per contract and working
    /// directory), so that memory stays bounded whatever the recordings name.
    private static let limit = 256

    private let contractPaths: [String]
    private var known: [String: Int?] = [:]

    init(_ contracts: [TrafficCheck.Contract]) {
        contractPaths = contracts.map { Self.standardized($0.document.file.url) }
    }

    /// The position of the contract whose root file `path` names, or `nil` when the check has none.
    mutating func index(named path: String) -> Int? {
        if let found = known[path] { return found }
        let standardized = Self.standardized(URL(fileURLWithPath: path))
        let found = contractPaths.firstIndex(of: standardized)
        if known.count >= Self.limit { known = [:] }
        known[path] = found
        return found
    }

    private static func standardized(_ url: URL) -> String {
        url.standardizedFileURL.path
    }
}
