import ContractSchema

/// How a contract's files are named in messages: the root file's pointers print as `#/…`, other files'
/// as `common.yaml#/…`. A class: every request's violation recorder holds the verifier's names, and
/// retains one reference for them instead of each of their parts.
final class FileNames: Sendable {
    let rootURI: String
    let names: [String: String]

    init(rootURI: String, names: [String: String]) {
        self.rootURI = rootURI
        self.names = names
    }

    func pointer(_ location: SchemaLocation) -> String {
        if location.documentURI == rootURI { return location.fragment }
        let name = names[location.documentURI] ?? location.documentURI
        return name + location.fragment
    }
}
