import ContractSchema

/// How a contract's files are named in messages: the root file's pointers print as `#/…`, other files'
/// as `common.yaml#/…`.
struct FileNames: Sendable {
    let rootURI: String
    let names: [String: String]

    func pointer(_ location: SchemaLocation) -> String {
        if location.documentURI == rootURI { return location.fragment }
        let name = names[location.documentURI] ?? location.documentURI
        return name + location.fragment
    }
}
