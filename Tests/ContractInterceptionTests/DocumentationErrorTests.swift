import ContractInterception
import ContractSpec
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Errors that touch only documentation, or add members that are ignored anyway, are lint errors but do
/// not keep the fake backend from using the contract (PayPal's invoicing description has a `deprecated`
/// member at its root, Square's an `externalDocs` in its Info Object, Netlify's an OAuth scheme without
/// `scopes`); a misspelt field, which changes what the contract says, still does.
@Suite struct DocumentationErrorTests {
    static let contract = """
        swagger: '2.0'
        info: {title: Invoices, externalDocs: {url: 'https://example.com/docs'}}
        deprecated: true
        host: api.example.com
        schemes: [https]
        securityDefinitions:
          oauth: {type: oauth2, flow: implicit}
        parameters:
        paths:
          /invoices/{id}:
            get:
              operationId: getInvoice
              security: [{oauth: []}]
              parameters: [{name: id, in: path, required: true, type: string, pattern: '^INV-[0-9]+$'}]
              responses:
                '200':
                  schema: {type: object, required: [id], properties: {id: {type: string}}}
                  examples: {application/json: {id: INV-1}}

        """

    @Test func theLintReportsThemAndTheBackendVerifiesAsUsual() async throws {
        let url = try SchemaProblemTests.write(Self.contract, name: "invoices.yaml")
        let lint = ContractLoader().load(url)
        let folder = url.deletingLastPathComponent().path + "/"
        let errors = lint.diagnostics.filter { $0.severity == .error }
        #expect(
            Set(errors.map { $0.description.replacingOccurrences(of: folder, with: "") }) == [
                "invoices.yaml:2:1: error: a Info Object requires 'version' [structure.required]",
                "invoices.yaml:2:25: error: 'externalDocs' is not a field of a Info Object; extensions must start with "
                    + "'x-' [structure.unknown-field]",
                "invoices.yaml:3:1: error: 'deprecated' is not a field of a Swagger Object; extensions must start with "
                    + "'x-' [structure.unknown-field]",
                "invoices.yaml:7:3: error: a Security Scheme Object requires 'authorizationUrl' [structure.required]",
                "invoices.yaml:7:3: error: a Security Scheme Object requires 'scopes' [structure.required]",
                "invoices.yaml:8:1: error: 'parameters' must be an object, found null [structure.type]",
                "invoices.yaml:16:9: error: a Response Object requires 'description' [structure.required]",
            ])
        let backend = try ContractBackend(contract: url, recording: .off)
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/invoices/INV-1")))
        request.setValue("Bearer token", forHTTPHeaderField: "Authorization")
        let (data, response) = try await backend.session.data(for: request)
        #expect(try #require(response as? HTTPURLResponse).statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == #"{"id":"INV-1"}"#)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            request.url = URL(string: "https://api.example.com/invoices/1")
            _ = try await backend.session.data(for: request)
        }
        #expect(violations.map(\.keyword) == ["pattern"], "\(violations)")
    }

    @Test func aMisspeltFieldStillKeepsTheContractFromUse() throws {
        let misspelt = Self.contract.replacingOccurrences(of: "required: true, type", with: "requird: true, type")
        let url = try SchemaProblemTests.write(misspelt, name: "misspelt.yaml")
        #expect {
            _ = try ContractBackend(contract: url, recording: .off)
        } throws: { error in
            (error as? ContractLoadError)?.description.contains(
                "misspelt.yaml:14:41: error: 'requird' is not a field of a Parameter Object; did you mean 'required'?")
                == true
        }
    }

    @Test func anExampleThatNamesNothingAndAComponentNameWithSpacesLeaveTheContractInUse() async throws {
        let contract = """
            openapi: 3.0.3
            info: {title: Clients, version: '1'}
            servers: [{url: 'https://api.example.com'}]
            paths:
              /clients:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/Client authentication `basic`'}
                        examples: {basic: {$ref: '#/components/examples/BasicClient'}}
                  responses: {'204': {description: Created.}}
            components:
              schemas:
                Client authentication `basic`: {type: object, required: [id], properties: {id: {type: string}}}

            """
        let url = try SchemaProblemTests.write(contract, name: "clients.yaml")
        let errors = ContractLoader().load(url).diagnostics.filter { $0.severity == .error }
        #expect(Set(errors.map(\.code)) == ["components.name", "ref.unresolved"], "\(errors)")
        let backend = try ContractBackend(contract: url, recording: .off)
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/clients")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"id": "c1"}"#.utf8)
        let (_, response) = try await backend.session.data(for: request)
        #expect(try #require(response as? HTTPURLResponse).statusCode == 204)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            request.httpBody = Data(#"{"id": 1}"#.utf8)
            _ = try await backend.session.data(for: request)
        }
        #expect(violations.map(\.keyword) == ["type"], "\(violations)")
    }

    @Test func pathParametersThatDoNotMatchTheTemplateAreReadAsTheRequestsCanCarryThem() async throws {
        let contract = """
            openapi: 3.0.3
            info: {title: Accounts, version: '1'}
            servers:
              - url: 'https://{accountName}.example.com'
                variables: {accountName: {default: shop}}
            paths:
              /orders/{orderId}/items/{itemId}:
                get:
                  parameters:
                    - {name: accountName, in: path, required: true, schema: {type: string}}
                    - {name: orderId, in: path, required: true, schema: {type: integer}}
                  responses: {'200': {description: An item., content: {application/json: {schema: {type: object}}}}}

            """
        let url = try SchemaProblemTests.write(contract, name: "accounts.yaml")
        let errors = ContractLoader().load(url).diagnostics.filter { $0.severity == .error }
        #expect(Set(errors.map(\.code)) == ["paths.parameter-undeclared", "paths.parameter-unused"], "\(errors)")
        let backend = try ContractBackend(contract: url, recording: .off)
        let (_, response) = try await backend.session.data(
            from: try #require(URL(string: "https://shop.example.com/orders/7/items/anything")))
        #expect(try #require(response as? HTTPURLResponse).statusCode == 200)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            _ = try await backend.session.data(from: try #require(URL(string: "https://shop.example.com/orders/x/items/1")))
        }
        #expect(violations.map(\.keyword) == ["type"], "\(violations)")
    }

    @Test func anOperationIdUsedTwiceNamesTheFirstOperation() async throws {
        let contract = """
            openapi: 3.0.3
            info: {title: Carriers, version: '1'}
            servers: [{url: 'https://api.example.com'}]
            paths:
              /carriers/{id}:
                put:
                  operationId: linkCarrier
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses: {'200': {description: Linked., content: {application/json: {schema: {type: object}}}}}
                post:
                  operationId: linkCarrier
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses: {'201': {description: Linked., content: {application/json: {schema: {type: object}}}}}

            """
        let url = try SchemaProblemTests.write(contract, name: "carriers.yaml")
        let errors = ContractLoader().load(url).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["operation.duplicate-id"], "\(errors)")
        let backend = try ContractBackend(contract: url, recording: .off)
        backend.stub("linkCarrier", .response(status: 200, json: #"{"linked":true}"#))
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/carriers/ups")))
        request.httpMethod = "PUT"
        let (data, response) = try await backend.session.data(for: request)
        #expect(try #require(response as? HTTPURLResponse).statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == #"{"linked":true}"#)
        request.httpMethod = "POST"
        let (_, created) = try await backend.session.data(for: request)
        #expect(try #require(created as? HTTPURLResponse).statusCode == 201)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        #expect(backend.problems.isEmpty, "\(backend.problems)")
    }

    @Test func aStyleTheLocationDoesNotAllowChangesNothingForOneValueAndRefusesAList() async throws {
        let contract = """
            openapi: 3.0.3
            info: {title: Domains, version: '1'}
            servers: [{url: 'https://api.example.com'}]
            paths:
              /domains:
                get:
                  parameters:
                    - {name: domain, in: query, style: simple, schema: {type: string, maxLength: 5}}
                  responses: {'200': {description: Domains., content: {application/json: {schema: {type: array}}}}}

            """
        let url = try SchemaProblemTests.write(contract, name: "domains.yaml")
        let backend = try ContractBackend(contract: url, recording: .off)
        let (_, response) = try await backend.session.data(
            from: try #require(URL(string: "https://api.example.com/domains?domain=a.io")))
        #expect(try #require(response as? HTTPURLResponse).statusCode == 200)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            _ = try await backend.session.data(
                from: try #require(URL(string: "https://api.example.com/domains?domain=toolong.io")))
        }
        #expect(violations.map(\.keyword) == ["maxLength"], "\(violations)")
        let list = try SchemaProblemTests.write(
            contract.replacingOccurrences(of: "{type: string, maxLength: 5}", with: "{type: array, items: {type: string}}"),
            name: "domain-list.yaml")
        #expect(throws: ContractLoadError.self) { try ContractBackend(contract: list, recording: .off) }
    }

    @Test func aRequirementOfAnUndeclaredSchemeLeavesTheOperationOpenAndTheOthersChecked() async throws {
        let contract = """
            openapi: 3.0.3
            info: {title: Settings, version: '1'}
            servers: [{url: 'https://api.example.com'}]
            components:
              securitySchemes:
                accessToken: {type: apiKey, in: header, name: Authorization}
            paths:
              /settings:
                post:
                  security: [{sessionToken: []}]
                  responses: {'204': {description: Saved.}}
              /identities:
                get:
                  security: [{accessToken: []}]
                  responses: {'200': {description: Identities., content: {application/json: {schema: {type: array}}}}}

            """
        let url = try SchemaProblemTests.write(contract, name: "settings.yaml")
        let errors = ContractLoader().load(url).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["security.undeclared"], "\(errors)")
        let backend = try ContractBackend(contract: url, recording: .off)
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/settings")))
        request.httpMethod = "POST"
        let (_, saved) = try await backend.session.data(for: request)
        #expect(try #require(saved as? HTTPURLResponse).statusCode == 204)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            _ = try await backend.session.data(from: try #require(URL(string: "https://api.example.com/identities")))
        }
        #expect(violations.map(\.kind) == [.security], "\(violations)")
    }
}
