/// Every fuzz target: what part of ContractCheck the input is fed to.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// The JSON parser; what it accepts must survive a round trip through the writer.
    case json
    /// The YAML reader (through the document reader, as a contract file is read).
    case yaml
    /// A whole contract loaded and linted, its `$ref`s resolved across two files.
    case references
    /// A schema compiled and an instance validated against it, both from the input.
    case schema
    /// The ECMA-262 regex matcher: a pattern and a subject.
    case regex
    /// The regex sampler: strings generated for a pattern, then matched by the matcher.
    case sampler
    /// A HAR file read and its exchanges verified.
    case har
    /// A JSON-lines recording read and its exchanges verified.
    case recording
    /// Form, multipart and deepObject decoding, through requests verified against fixed contracts.
    case decoders

    /// Work done once before the first input (loading fixed contracts).
    func prepare() {
        switch self {
        case .har, .recording: _ = TrafficTarget.verifier
        case .decoders: _ = DecoderTarget.verifiers
        default: break
        }
    }

    func run(_ bytes: [UInt8]) {
        switch self {
        case .json: JSONTarget.run(bytes)
        case .yaml: YAMLTarget.run(bytes)
        case .references: ReferenceTarget.run(bytes)
        case .schema: SchemaTarget.run(bytes)
        case .regex: RegexTarget.run(bytes)
        case .sampler: SamplerTarget.run(bytes)
        case .har: TrafficTarget.runHAR(bytes)
        case .recording: TrafficTarget.runRecording(bytes)
        case .decoders: DecoderTarget.run(bytes)
        }
    }
}
