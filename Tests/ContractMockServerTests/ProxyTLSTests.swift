import ContractMockServer
import ContractTestSupport
import Foundation
import NIOSSL
import Testing

/// `contract-check proxy` in front of an `https` server whose self-signed certificate is made for the
/// test with openssl and trusted through `--upstream-ca`.
@Suite(
    "contract-check proxy to an https upstream",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/openssl")))
struct ProxyTLSTests {
    @Test("with the upstream's certificate trusted, the gzip body passes through; without it, 502")
    func httpsUpstream() async throws {
        let folder = try Scratch.folder("proxy-tls")
        let certificate = folder.appendingPathComponent("certificate.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        try Self.makeCertificate(certificate: certificate, key: key)
        let tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem)))
        let upstream = try await CompressingUpstream.start(tls: tls)
        defer { Task { await upstream.stop() } }
        let url = try #require(URL(string: "https://127.0.0.1:\(upstream.port)"))
        let fields = ["Authorization: \(ClinicSamples.bearer)", "X-Answer: valid"]
        let path = "/v1/pets/\(ClinicSamples.petId)"
        try await RunningProxy.with(upstream: url, configured: { _, proxy in proxy.trustedCertificates = certificate }) {
            proxy in
            let response = try await RunningProxy.get(port: proxy.port, path, fields: fields)
            #expect(response.statusLine.hasPrefix("HTTP/1.1 200"))
            #expect(response.value("Content-Encoding") == "gzip")
            #expect(response.body == CompressingUpstream.Bodies.valid)
            #expect(proxy.messages.isEmpty)
        }
        try await RunningProxy.with(upstream: url) { proxy in
            let response = try await RunningProxy.get(port: proxy.port, path, fields: fields)
            #expect(response.statusLine.hasPrefix("HTTP/1.1 502"))
            #expect(proxy.messages.contains { $0.contains("the upstream did not answer") })
        }
    }

    /// A self-signed certificate for 127.0.0.1 and its key, valid for a day.
    static func makeCertificate(certificate: String, key: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }
}
