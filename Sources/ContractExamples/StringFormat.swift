/// The formats of the schema engine that constrain strings, read once while merging so that generating
/// a value switches on a case rather than comparing format names.
enum StringFormat: String, Sendable {
    case dateTime = "date-time"
    case date, time, duration, email, hostname, ipv4, ipv6, uri, iri, uuid, regex, byte, binary, password
    case idnEmail = "idn-email"
    case idnHostname = "idn-hostname"
    case uriReference = "uri-reference"
    case iriReference = "iri-reference"
    case uriTemplate = "uri-template"
    case jsonPointer = "json-pointer"
    case relativeJSONPointer = "relative-json-pointer"
}
