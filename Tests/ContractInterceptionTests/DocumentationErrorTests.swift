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
        let (url, errors, backend) = try WrittenContract.load(Self.contract, name: "invoices.yaml")
        let folder = url.deletingLastPathComponent().path + "/"
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
        let token = ["Authorization": "Bearer token"]
        let invoice = try await WrittenContract.answer("GET", "https://api.example.com/invoices/INV-1", headers: token, from: backend)
        #expect(invoice.status == 200)
        #expect(invoice.body == #"{"id":"INV-1"}"#)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            _ = try await WrittenContract.answer("GET", "https://api.example.com/invoices/1", headers: token, from: backend)
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
        let (_, errors, backend) = try WrittenContract.load(contract, name: "clients.yaml")
        #expect(Set(errors.map(\.code)) == ["components.name", "ref.unresolved"], "\(errors)")
        let clients = "https://api.example.com/clients"
        #expect(try await WrittenContract.answer("POST", clients, json: #"{"id": "c1"}"#, from: backend).status == 204)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            _ = try await WrittenContract.answer("POST", clients, json: #"{"id": 1}"#, from: backend)
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
        let (_, errors, backend) = try WrittenContract.load(contract, name: "accounts.yaml")
        #expect(Set(errors.map(\.code)) == ["paths.parameter-undeclared", "paths.parameter-unused"], "\(errors)")
        let item = try await WrittenContract.answer("GET", "https://shop.example.com/orders/7/items/anything", from: backend)
        #expect(item.status == 200)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            _ = try await WrittenContract.answer("GET", "https://shop.example.com/orders/x/items/1", from: backend)
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
        let (_, errors, backend) = try WrittenContract.load(contract, name: "carriers.yaml")
        #expect(errors.map(\.code) == ["operation.duplicate-id"], "\(errors)")
        backend.stub("linkCarrier", .response(status: 200, json: #"{"linked":true}"#))
        let carrier = "https://api.example.com/carriers/ups"
        let linked = try await WrittenContract.answer("PUT", carrier, from: backend)
        #expect(linked.status == 200)
        #expect(linked.body == #"{"linked":true}"#)
        #expect(try await WrittenContract.answer("POST", carrier, from: backend).status == 201)
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
        let (_, _, backend) = try WrittenContract.load(contract, name: "domains.yaml")
        #expect(try await WrittenContract.answer("GET", "https://api.example.com/domains?domain=a.io", from: backend).status == 200)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            _ = try await WrittenContract.answer("GET", "https://api.example.com/domains?domain=toolong.io", from: backend)
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
        let (_, errors, backend) = try WrittenContract.load(contract, name: "settings.yaml")
        #expect(errors.map(\.code) == ["security.undeclared"], "\(errors)")
        #expect(try await WrittenContract.answer("POST", "https://api.example.com/settings", from: backend).status == 204)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            _ = try await WrittenContract.answer("GET", "https://api.example.com/identities", from: backend)
        }
        #expect(violations.map(\.kind) == [.security], "\(violations)")
    }

    @Test func aServerVariableWithoutDefaultTakesItsFirstEnumValueOrAnyValue() async throws {
        let contract = """
            openapi: 3.0.0
            info: {title: Orders, version: '1'}
            servers:
              - url: 'https://{accountName}.{environment}.example.com/api'
                variables:
                  accountName: {description: The account.}
                  environment: {enum: [stable, beta]}
            paths:
              /orders:
                get:
                  responses: {'200': {description: Orders., content: {application/json: {schema: {type: array}}}}}

            """
        let (url, errors, backend) = try WrittenContract.load(contract, name: "orders.yaml")
        let folder = url.deletingLastPathComponent().path + "/"
        #expect(
            errors.map { $0.description.replacingOccurrences(of: folder, with: "") } == [
                "orders.yaml:6:7: error: a Server Variable Object requires 'default'; 'accountName' is read as any "
                    + "value [structure.required]",
                "orders.yaml:7:7: error: a Server Variable Object requires 'default'; 'environment' is read as its "
                    + "first enum value 'stable' [structure.required]",
            ])
        for host in ["shop.stable", "outlet.beta"] {
            #expect(try await WrittenContract.answer("GET", "https://\(host).example.com/api/orders", from: backend).status == 200)
        }
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            _ = try await WrittenContract.answer("GET", "https://shop.staging.example.com/api/orders", from: backend)
        }
        #expect(violations.map(\.kind) == [.serverNotFound], "\(violations)")
    }

    @Test func aParameterDeclaredTwiceIsItsFirstDeclaration() async throws {
        let contract = """
            openapi: 3.1.1
            info: {title: Media, version: '1'}
            servers: [{url: 'https://media.example.com'}]
            paths:
              /transcode:
                get:
                  parameters:
                    - {name: X-Client-Identifier, in: header, required: true, schema: {type: string, maxLength: 8}}
                    - {name: X-Client-Identifier, in: header, schema: {type: integer}}
                  responses: {'200': {description: Started., content: {application/json: {schema: {type: object}}}}}

            """
        let (_, errors, backend) = try WrittenContract.load(contract, name: "media.yaml")
        #expect(errors.map(\.code) == ["structure.duplicate-parameter"], "\(errors)")
        let url = "https://media.example.com/transcode"
        #expect(try await WrittenContract.answer("GET", url, headers: ["X-Client-Identifier": "tv-1"], from: backend).status == 200)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            _ = try await WrittenContract.answer("GET", url, from: backend)
        }
        #expect(violations.map(\.kind) == [.parameterMissing], "\(violations)")
    }
}
