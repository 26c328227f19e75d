import type { Connection } from "@salesforce/core";
import { validateSalesforceId } from "./shared/soqlUtils.js";

export interface DevopsPipelineRecordMP {
    Id: string;
    Name: string;
    sf_devops__Activated__c?: boolean;
    sf_devops__Project__c: string;
}

/**
 * Fetch the Managed Package DevOps pipeline for a given Project Id.
 * Returns the first matching pipeline or null if none found.
 */
export async function getPipelineMP(connection: Connection, projectId: string): Promise<DevopsPipelineRecordMP | null | any> {
    try {
        // Validate projectId to prevent SOQL injection
        const validatedProjectId = validateSalesforceId(projectId, 'projectId');

        const query = `
            SELECT Id, Name, sf_devops__Activated__c, sf_devops__Project__c
            FROM sf_devops__Pipeline__c
            WHERE sf_devops__Project__c = '${validatedProjectId}'
              AND sf_devops__Activated__c = true
            LIMIT 1
        `;
        const result = await connection.query<DevopsPipelineRecordMP>(query);
        const record = (result.records ?? [])[0];
        return record || null;
    } catch (error) {
        return error;
    }
}


