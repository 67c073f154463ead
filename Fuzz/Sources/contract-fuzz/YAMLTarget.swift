import Foundation

@testable import ContractSpec

/// The YAML reader, as a contract file is read (byte-order mark, UTF-8 check, alias budget, depth).
enum YAMLTarget {
    static func run(_ bytes: [UInt8]) {
        _ = try? DocumentReader.parse(Data(bytes), path: "fuzz.yaml")
    }
}
