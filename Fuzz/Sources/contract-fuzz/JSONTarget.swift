@testable import ContractJSON

/// The JSON parser: any input either parses or throws; what parses must be written back as JSON the
/// parser reads again, the same text each time.
enum JSONTarget {
    static func run(_ bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes) else { return }
        let written = JSONWriter.bytes(from: value)
        guard let again = try? JSONParser.parse(written) else {
            fatalError("the writer's output does not parse again: \(String(decoding: written, as: UTF8.self))")
        }
        guard JSONWriter.bytes(from: again) == written else {
            fatalError("the writer's output changes on a second round trip")
        }
    }
}
